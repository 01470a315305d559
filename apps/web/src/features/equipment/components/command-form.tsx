import type { FormEvent, ReactNode } from 'react';
import type { CommandKind } from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { CommandStatus, CommandHistory } from './command-status';

/** What the operator reads when a command could not be sent. */
export const sendFailure = (failure: unknown) =>
  failure instanceof ApiError ? failure.message : 'The change could not be sent.';

/**
 * A tab that changes the unit's configuration: its fields, the refusal, the latest command of its
 * kind, the buttons (operators only; others read why) and the unit's command history.
 */
export function CommandForm({
  equipmentId,
  kind,
  canChange,
  sending,
  error,
  submitLabel,
  resets,
  readOnlyNote,
  intro,
  onSubmit,
  children,
}: {
  equipmentId: number;
  kind: CommandKind;
  canChange: boolean;
  sending: boolean;
  error: string | null;
  submitLabel: string;
  /** Secondary buttons that refill the form (from the unit, from the defaults). */
  resets: readonly { label: string; onClick: () => void }[];
  readOnlyNote: string;
  intro?: ReactNode;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-6">
      {intro}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">{children}</div>
        {error && <Alert tone="error">{error}</Alert>}
        <CommandStatus equipmentId={equipmentId} kind={kind} />
        <div className="flex flex-wrap gap-2">
          {canChange ? (
            <>
              <Button type="submit" disabled={sending}>
                {submitLabel}
              </Button>
              {resets.map((reset) => (
                <Button key={reset.label} variant="secondary" onClick={reset.onClick}>
                  {reset.label}
                </Button>
              ))}
            </>
          ) : (
            <p className="text-sm text-slate-600">{readOnlyNote}</p>
          )}
        </div>
      </form>
      <CommandHistory equipmentId={equipmentId} />
    </Card>
  );
}
