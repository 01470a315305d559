import { useQuery } from '@tanstack/react-query';
import type { AlertRule, Silence } from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useApiClient } from '@/lib/api-client';
import type { Hierarchy } from '../api/get-scopes';
import { silencesQueryOptions, useExpireSilence } from '../api/silences';
import { scopeText } from './scope-picker';

const when = (iso: string) => new Date(iso).toLocaleString();

function SilenceRow({
  silence,
  rules,
  hierarchy,
  canAct,
}: {
  silence: Silence;
  rules: AlertRule[] | undefined;
  hierarchy: Hierarchy | undefined;
  canAct: boolean;
}) {
  const expire = useExpireSilence();
  const rule = silence.ruleId === null ? null : rules?.find((r) => r.id === silence.ruleId);
  const started = Date.parse(silence.startsAt) <= Date.now();
  return (
    <li className="p-4" data-silence={silence.id}>
      <p className="text-sm font-medium text-ink">
        {silence.ruleId === null ? 'Every rule' : (rule?.name ?? `Rule #${silence.ruleId}`)} ·{' '}
        {scopeText(silence.scope, hierarchy)}
        {silence.severity && <> · {silence.severity} only</>}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {started ? 'Until' : `From ${when(silence.startsAt)} until`} {when(silence.endsAt)} · by{' '}
        {silence.author}: “{silence.comment}”
      </p>
      {canAct && (
        <Button
          size="sm"
          variant="ghost"
          className="mt-2"
          disabled={expire.isPending}
          onClick={() => expire.mutate(silence.id)}
        >
          End silence now
        </Button>
      )}
      {expire.isError && (
        <Alert tone="error" className="mt-2">
          {expire.error.message}
        </Alert>
      )}
    </li>
  );
}

/** The silences in force or to come: what, where, until when, who and why. */
export function SilencesList({
  rules,
  hierarchy,
  canAct,
}: {
  rules: AlertRule[] | undefined;
  hierarchy: Hierarchy | undefined;
  canAct: boolean;
}) {
  const request = useApiClient();
  const silences = useQuery(silencesQueryOptions(request));
  if (!silences.data || silences.data.length === 0) return null;
  return (
    <section aria-label="Silences" className="border-b border-slate-200 bg-slate-50/60">
      <h2 className="px-4 pt-4 text-sm font-semibold text-ink">Silences</h2>
      <ul className="divide-y divide-slate-100">
        {silences.data.map((silence) => (
          <SilenceRow
            key={silence.id}
            silence={silence}
            rules={rules}
            hierarchy={hierarchy}
            canAct={canAct}
          />
        ))}
      </ul>
    </section>
  );
}
