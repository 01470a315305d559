import { useEffect, useState, type FormEvent } from 'react';
import { networkIssues, type EquipmentDetail, type NetworkInput } from '@brezza/contract';
import { TextField } from '@/components/ui/text-field';
import { useSendCommand } from '../api/send-command';
import { CommandForm, sendFailure } from './command-form';

type Form = Required<{ [K in keyof NetworkInput]: string }>;

const FIELDS: [keyof Form, string][] = [
  ['ipAddress', 'IP address'],
  ['subnetMask', 'Subnet mask'],
  ['gateway', 'Gateway'],
  ['primaryDns', 'Primary DNS'],
  ['secondaryDns', 'Secondary DNS'],
];

function fromUnit(unit: EquipmentDetail): Form {
  const network = unit.network;
  return {
    ipAddress: network?.ipAddress ?? '',
    subnetMask: network?.subnetMask ?? '',
    gateway: network?.gateway ?? '',
    primaryDns: network?.primaryDns ?? '',
    secondaryDns:
      network?.secondaryDns && network.secondaryDns !== '0.0.0.0' ? network.secondaryDns : '',
  };
}

/** 'Network Config': the unit's address, checked field by field before anything is sent. */
export function NetworkTab({ unit, canChange }: { unit: EquipmentDetail; canChange: boolean }) {
  const [form, setForm] = useState<Form>(() => fromUnit(unit));
  const [issues, setIssues] = useState<Partial<Record<keyof Form, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const send = useSendCommand(unit.id);
  const reportedAt = unit.network?.at ?? null;
  // Opened before the first reading: fill the form once the unit reports, unless typed in.
  useEffect(() => {
    if (reportedAt === null) return;
    setForm((current) =>
      Object.values(current).every((v) => v === '') ? fromUnit(unit) : current,
    );
  }, [reportedAt === null]); // eslint-disable-line react-hooks/exhaustive-deps

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const found = networkIssues(form);
    const byField: Partial<Record<keyof Form, string>> = {};
    for (const issue of found) byField[issue.field] ??= issue.message;
    setIssues(byField);
    if (found.length > 0) return;
    send.mutate(
      { network: { ...form, secondaryDns: form.secondaryDns || null } },
      { onError: (failure) => setError(sendFailure(failure)) },
    );
  };

  const status = unit.network?.interfaceStatus;
  return (
    <CommandForm
      equipmentId={unit.id}
      kind="network"
      canChange={canChange}
      sending={send.isPending}
      error={error}
      submitLabel="Apply Configuration"
      resets={[
        {
          label: 'Refresh Info',
          onClick: () => {
            setIssues({});
            setError(null);
            setForm(fromUnit(unit));
          },
        },
      ]}
      readOnlyNote="You can read the network settings; changing them needs the operator role."
      onSubmit={onSubmit}
      intro={
        <p className="mb-4 flex items-center gap-2 text-sm text-slate-700">
          Interface status
          <span
            data-testid="interface-status"
            className={
              status === 'ACTIVE'
                ? 'rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-700'
                : 'rounded-full bg-amber-50 px-2 py-0.5 font-semibold text-amber-700'
            }
          >
            {status ?? 'unknown'}
          </span>
        </p>
      }
    >
      {FIELDS.map(([field, label]) => (
        <div key={field}>
          <TextField
            label={label}
            name={field}
            value={form[field]}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={issues[field] ? true : undefined}
            onChange={(event) => setForm({ ...form, [field]: event.target.value })}
            disabled={!canChange}
            placeholder={field === 'secondaryDns' ? 'optional' : undefined}
          />
          {issues[field] && (
            <p className="mt-1 text-xs font-medium text-red-700" role="alert">
              {issues[field]}
            </p>
          )}
        </div>
      ))}
    </CommandForm>
  );
}
