import { useEffect, useState, type FormEvent } from 'react';
import { networkIssues, type EquipmentDetail, type NetworkInput } from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useSendCommand } from '../api/send-command';
import { CommandHistory, CommandStatus } from './command-status';

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
      {
        onError: (failure) =>
          setError(failure instanceof ApiError ? failure.message : 'The change could not be sent.'),
      },
    );
  };

  const status = unit.network?.interfaceStatus;
  return (
    <Card className="p-4 sm:p-6">
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
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
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
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        <CommandStatus equipmentId={unit.id} kind="network" />
        <div className="flex flex-wrap gap-2">
          {canChange ? (
            <>
              <Button type="submit" disabled={send.isPending}>
                Apply Configuration
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setIssues({});
                  setError(null);
                  setForm(fromUnit(unit));
                }}
              >
                Refresh Info
              </Button>
            </>
          ) : (
            <p className="text-sm text-slate-600">
              You can read the network settings; changing them needs the operator role.
            </p>
          )}
        </div>
      </form>
      <CommandHistory equipmentId={unit.id} />
    </Card>
  );
}
