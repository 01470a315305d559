import { useState, type FormEvent } from 'react';
import type { Alert as AlertItem, SilenceBody } from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useCreateSilence } from '../api/create-silence';

const DURATIONS = [
  { value: '3600', label: '1 hour' },
  { value: '14400', label: '4 hours' },
  { value: '86400', label: '1 day' },
  { value: '604800', label: '1 week' },
];

type Matcher = 'rule-device' | 'device' | 'rule';

/** What a silence started from an alert covers: its rule here, the device, or the rule anywhere. */
function matcher(alert: AlertItem, what: Matcher): Pick<SilenceBody, 'scope' | 'ruleId'> {
  switch (what) {
    case 'rule-device':
      return { scope: { kind: 'device', id: alert.deviceId }, ruleId: alert.ruleId };
    case 'device':
      return { scope: { kind: 'device', id: alert.deviceId }, ruleId: null };
    case 'rule':
      return { scope: { kind: 'organisation' }, ruleId: alert.ruleId };
  }
}

/** Silences from now: the state still changes and shows, nobody is notified. */
export function SilenceForm({ alert, onDone }: { alert: AlertItem; onDone(): void }) {
  const [comment, setComment] = useState('');
  const [seconds, setSeconds] = useState('3600');
  const [what, setWhat] = useState<Matcher>('rule-device');
  const silence = useCreateSilence();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const now = Date.now();
    silence.mutate(
      {
        ...matcher(alert, what),
        startsAt: new Date(now).toISOString(),
        endsAt: new Date(now + Number(seconds) * 1000).toISOString(),
        comment,
      },
      { onSuccess: onDone },
    );
  };
  return (
    <form
      onSubmit={submit}
      className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-[1fr_14rem_9rem_auto] lg:items-end"
    >
      <TextField
        label="Why (shown to everyone)"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        placeholder="Replacing the leak sensor"
      />
      <SelectField
        label="Silence"
        value={what}
        onChange={(e) => setWhat(e.target.value as Matcher)}
        options={[
          { value: 'rule-device', label: `This rule on ${alert.deviceName}` },
          { value: 'device', label: `Every alert of ${alert.deviceName}` },
          { value: 'rule', label: 'This rule everywhere' },
        ]}
      />
      <SelectField
        label="For"
        value={seconds}
        onChange={(e) => setSeconds(e.target.value)}
        options={DURATIONS}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={silence.isPending}>
          Silence
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {silence.isError && (
        <Alert tone="error" className="sm:col-span-2 lg:col-span-4">
          {silence.error.message}
        </Alert>
      )}
    </form>
  );
}
