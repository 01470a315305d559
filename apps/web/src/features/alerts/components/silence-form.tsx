import { useState, type FormEvent } from 'react';
import type { Alert as AlertItem, SilenceBody } from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useCreateSilence } from '../api/create-silence';
import { localInput, silenceWindow, type WindowField } from '../utils/silence-window';
import { FieldError } from './field-error';

const CUSTOM = 'custom';
const DURATIONS = [
  { value: '3600', label: '1 hour' },
  { value: '14400', label: '4 hours' },
  { value: '86400', label: '1 day' },
  { value: '604800', label: '1 week' },
  { value: CUSTOM, label: 'Custom window…' },
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

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Silences for a while from now, or for a window of the operator's choosing (a maintenance
 * planned ahead): the state still changes and shows, nobody is notified.
 */
export function SilenceForm({ alert, onDone }: { alert: AlertItem; onDone(): void }) {
  const [comment, setComment] = useState('');
  const [duration, setDuration] = useState('3600');
  const [what, setWhat] = useState<Matcher>('rule-device');
  const [bounds, setBounds] = useState(() => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    return { startsAt: localInput(minute), endsAt: localInput(minute + 3_600_000) };
  });
  const [invalid, setInvalid] = useState<{ field: WindowField; message: string } | null>(null);
  const silence = useCreateSilence();
  const custom = duration === CUSTOM;
  const setBound = (field: WindowField, value: string) => {
    setInvalid(null);
    setBounds((current) => ({ ...current, [field]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const now = Date.now();
    const span = custom
      ? silenceWindow(bounds.startsAt, bounds.endsAt, now)
      : {
          ok: true as const,
          startsAt: new Date(now).toISOString(),
          endsAt: new Date(now + Number(duration) * 1000).toISOString(),
        };
    if (!span.ok) {
      setInvalid(span);
      return;
    }
    silence.mutate(
      { ...matcher(alert, what), startsAt: span.startsAt, endsAt: span.endsAt, comment },
      { onSuccess: onDone },
    );
  };
  const bound = (field: WindowField, label: string, hint?: string) => (
    <div>
      <TextField
        label={label}
        hint={hint}
        type="datetime-local"
        value={bounds[field]}
        onChange={(e) => setBound(field, e.target.value)}
        aria-invalid={invalid?.field === field}
      />
      <FieldError
        message={invalid?.field === field ? invalid.message : undefined}
        className="mt-1"
      />
    </div>
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-[1fr_14rem_13rem_auto] lg:items-end"
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
        value={duration}
        onChange={(e) => {
          setInvalid(null);
          setDuration(e.target.value);
        }}
        options={DURATIONS}
      />
      {custom && (
        <div className="grid gap-2 sm:col-span-2 sm:grid-cols-2 lg:col-span-4 lg:max-w-xl lg:items-start">
          {bound('startsAt', 'Starts', `Your time (${timeZone()}).`)}
          {bound('endsAt', 'Ends')}
        </div>
      )}
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
