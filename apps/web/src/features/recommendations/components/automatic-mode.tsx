import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAutomaticMode } from '../api/recommendations';

/** Automatic mode (admins): fresh recommendations applied without an operator, same checks. */
export function AutomaticMode({ enabled, canChange }: { enabled: boolean; canChange: boolean }) {
  const change = useAutomaticMode();
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-ink">Automatic mode {enabled ? 'on' : 'off'}</span>
          {enabled
            ? ': fresh recommendations are applied every 5 minutes under the same checks.'
            : ': nothing is written to a unit without an operator’s Apply.'}
        </p>
        {canChange && (
          <Button
            size="sm"
            variant={enabled ? 'secondary' : 'primary'}
            disabled={change.isPending}
            aria-pressed={enabled}
            onClick={() => change.mutate(!enabled)}
          >
            {enabled ? 'Turn automatic mode off' : 'Turn automatic mode on'}
          </Button>
        )}
      </div>
      {change.error && (
        <Alert tone="error" className="mt-2">
          {change.error.message}
        </Alert>
      )}
    </div>
  );
}
