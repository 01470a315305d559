import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useApiClient } from '@/lib/api-client';
import { efficiencySettingsQueryOptions, saveFacilityMeter } from '../api/efficiency-settings';

type Source = 'none' | 'declared' | 'metered';

/** A datacenter's PUE source; admins change it, others read it. */
export function FacilityMeterForm({
  datacenterId,
  canChange,
}: {
  datacenterId: number;
  canChange: boolean;
}) {
  const request = useApiClient();
  const client = useQueryClient();
  const settings = useQuery(efficiencySettingsQueryOptions(request));
  const current = settings.data?.datacenters.find((d) => d.datacenterId === datacenterId);
  const initial: Source =
    current?.declaredPue != null
      ? 'declared'
      : current?.facilityMeterDeviceId != null
        ? 'metered'
        : 'none';
  const [source, setSource] = useState<Source | null>(null);
  const [pue, setPue] = useState<string | null>(null);
  const [meter, setMeter] = useState<string | null>(null);
  const chosen = source ?? initial;
  const save = useMutation({
    mutationFn: () =>
      saveFacilityMeter(request, datacenterId, {
        declaredPue: chosen === 'declared' ? Number(pue ?? current?.declaredPue ?? '') : null,
        facilityMeterDeviceId:
          chosen === 'metered'
            ? Number(
                meter ?? current?.facilityMeterDeviceId ?? settings.data?.meterCandidates[0]?.id,
              )
            : null,
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['efficiency'] });
    },
  });
  if (!settings.data || !current) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
      <SelectField
        label="Source"
        value={chosen}
        disabled={!canChange}
        onChange={(event) => setSource(event.target.value as Source)}
        options={[
          { value: 'none', label: 'Not configured' },
          { value: 'declared', label: 'Declared figure' },
          { value: 'metered', label: 'Facility meter' },
        ]}
      />
      {chosen === 'declared' && (
        <TextField
          label="Declared PUE (1.0–5.0)"
          inputMode="decimal"
          disabled={!canChange}
          value={pue ?? (current.declaredPue === null ? '' : String(current.declaredPue))}
          onChange={(event) => setPue(event.target.value)}
        />
      )}
      {chosen === 'metered' && (
        <SelectField
          label="Facility meter"
          disabled={!canChange}
          value={
            meter ??
            String(current.facilityMeterDeviceId ?? settings.data.meterCandidates[0]?.id ?? '')
          }
          onChange={(event) => setMeter(event.target.value)}
          options={settings.data.meterCandidates.map((c) => ({
            value: String(c.id),
            label: c.name,
          }))}
        />
      )}
      {chosen === 'none' && <p className="text-sm text-slate-600">PUE is not shown.</p>}
      {canChange ? (
        <Button type="submit" disabled={save.isPending}>
          Save
        </Button>
      ) : (
        <p className="text-xs text-slate-500">Admins change this.</p>
      )}
      {save.isError && (
        <Alert tone="error" className="sm:col-span-3">
          {save.error.message}
        </Alert>
      )}
    </form>
  );
}
