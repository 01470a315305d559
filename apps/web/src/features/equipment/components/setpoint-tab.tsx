import { useEffect, useState, type FormEvent } from 'react';
import {
  DELTA_T_SETPOINT_DEFAULT_K,
  VALVE_SETPOINT_DEFAULT,
  setpointsSchema,
  valvePercentToSetpoint,
  valveSetpointToPercent,
  type EquipmentDetail,
} from '@brezza/contract';
import { TextField } from '@/components/ui/text-field';
import { useSendCommand } from '../api/send-command';
import { CommandForm, sendFailure } from './command-form';

interface Form {
  valvePercent: string;
  deltaTK: string;
}

/** The form's values from what the unit reported (the valve in %, ΔT in K). */
function fromUnit(unit: EquipmentDetail): Form {
  const value = (key: string) => unit.sensors.find((sensor) => sensor.key === key)?.value;
  const valve = value('valveSetpoint');
  const deltaT = value('deltaTSetpoint');
  return {
    valvePercent: typeof valve === 'number' ? valve.toFixed(2) : '',
    deltaTK: typeof deltaT === 'number' ? deltaT.toFixed(1) : '',
  };
}

const DEFAULTS: Form = {
  valvePercent: valveSetpointToPercent(VALVE_SETPOINT_DEFAULT).toFixed(2),
  deltaTK: DELTA_T_SETPOINT_DEFAULT_K.toFixed(1),
};

/** Parses a typed number; empty or not a number stays as text so the schema names the field. */
const typed = (text: string): unknown =>
  text.trim() === '' || Number.isNaN(Number(text)) ? text : Number(text);

/** 'Setpoint Config': valve setpoint (0.00–100.00 %) and ΔT setpoint (0.0–55.0 K). */
export function SetpointTab({ unit, canChange }: { unit: EquipmentDetail; canChange: boolean }) {
  const [form, setForm] = useState<Form>(() => fromUnit(unit));
  const [error, setError] = useState<string | null>(null);
  const send = useSendCommand(unit.id);
  const reported = fromUnit(unit);
  // Opened before the first reading: fill the form once values arrive, unless already typed in.
  useEffect(() => {
    if (reported.valvePercent === '' && reported.deltaTK === '') return;
    setForm((current) =>
      current.valvePercent === '' && current.deltaTK === '' ? reported : current,
    );
  }, [reported.valvePercent, reported.deltaTK]); // eslint-disable-line react-hooks/exhaustive-deps
  const valvePercent = typed(form.valvePercent);
  const raw = typeof valvePercent === 'number' ? valvePercentToSetpoint(valvePercent) : null;

  const refill = (values: Form) => {
    setError(null);
    setForm(values);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = setpointsSchema.safeParse({
      valveSetpoint: typeof valvePercent === 'number' ? raw : valvePercent,
      deltaTSetpoint: typed(form.deltaTK),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid setpoints.');
      return;
    }
    send.mutate(
      { setpoints: parsed.data },
      { onError: (failure) => setError(sendFailure(failure)) },
    );
  };

  return (
    <CommandForm
      equipmentId={unit.id}
      kind="setpoints"
      canChange={canChange}
      sending={send.isPending}
      error={error}
      submitLabel="Save Configuration"
      resets={[
        { label: 'Refresh Values', onClick: () => refill(fromUnit(unit)) },
        { label: 'Reset to Defaults', onClick: () => refill(DEFAULTS) },
      ]}
      readOnlyNote="You can read the setpoints; changing them needs the operator role."
      onSubmit={onSubmit}
    >
      <TextField
        label="Valve setpoint (%)"
        name="valveSetpoint"
        inputMode="decimal"
        type="number"
        step="0.01"
        min={0}
        max={100}
        value={form.valvePercent}
        onChange={(event) => setForm({ ...form, valvePercent: event.target.value })}
        disabled={!canChange}
        hint={`0.00–100.00 % in steps of 0.01 %${raw !== null && Number.isInteger(raw) ? ` (register value ${raw})` : ''}. Default 30.00 %.`}
      />
      <TextField
        label="ΔT setpoint (K)"
        name="deltaTSetpoint"
        inputMode="decimal"
        type="number"
        step="0.1"
        min={0}
        max={55}
        value={form.deltaTK}
        onChange={(event) => setForm({ ...form, deltaTK: event.target.value })}
        disabled={!canChange}
        hint="0.0–55.0 K in steps of 0.1 K. Default 15.0 K."
      />
    </CommandForm>
  );
}
