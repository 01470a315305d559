import { useState, type FormEvent } from 'react';
import type { Alert as AlertItem } from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useCreateSilence } from '../api/create-silence';

const DURATIONS = [
  { value: '3600', label: '1 hour' },
  { value: '14400', label: '4 hours' },
  { value: '86400', label: '1 day' },
];

/** Silences one alert's rule on its device from now: the state still changes, nobody is paged. */
export function SilenceForm({ alert, onDone }: { alert: AlertItem; onDone(): void }) {
  const [comment, setComment] = useState('');
  const [seconds, setSeconds] = useState('3600');
  const silence = useCreateSilence();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const now = Date.now();
    silence.mutate(
      {
        scope: { kind: 'device', id: alert.deviceId },
        ruleId: alert.ruleId,
        startsAt: new Date(now).toISOString(),
        endsAt: new Date(now + Number(seconds) * 1000).toISOString(),
        comment,
      },
      { onSuccess: onDone },
    );
  };
  return (
    <form onSubmit={submit} className="mt-3 grid gap-2 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
      <TextField
        label="Why (shown to everyone)"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        placeholder="Replacing the leak sensor"
        required
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
        <Alert tone="error" className="sm:col-span-3">
          {silence.error.message}
        </Alert>
      )}
    </form>
  );
}
