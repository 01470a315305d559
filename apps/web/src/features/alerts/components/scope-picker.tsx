import { DEVICE_TYPE_LABELS, DEVICE_TYPES, type Scope } from '@brezza/contract';
import { SelectField } from '@/components/ui/select-field';
import type { Hierarchy } from '../api/get-scopes';
import type { ScopeForm } from '../utils/rule-form';
import { FieldError } from './field-error';

const KIND_LABELS: Record<Scope['kind'], string> = {
  organisation: 'Whole organisation',
  datacenter: 'A datacenter',
  room: 'A room',
  rack: 'A rack',
  device: 'A device',
  deviceType: 'Every device of a type',
};

const PICK_LABELS = {
  datacenter: 'Datacenter',
  room: 'Room',
  rack: 'Rack',
  device: 'Device',
} as const;

/** Where a rule or channel applies: a kind, then the place from the organisation's hierarchy. */
export function ScopePicker({
  value,
  onChange,
  hierarchy,
  error,
  label = 'Applies to',
}: {
  value: ScopeForm;
  onChange(next: ScopeForm): void;
  hierarchy: Hierarchy | undefined;
  error?: string;
  label?: string;
}) {
  const places = value.kind in PICK_LABELS ? hierarchy?.[value.kind as keyof Hierarchy] : null;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label={label}
        value={value.kind}
        onChange={(e) => onChange({ ...value, kind: e.target.value as Scope['kind'], id: '' })}
        options={Object.entries(KIND_LABELS).map(([kind, text]) => ({ value: kind, label: text }))}
      />
      {value.kind === 'deviceType' && (
        <SelectField
          label="Device type"
          value={value.deviceType}
          onChange={(e) =>
            onChange({ ...value, deviceType: e.target.value as ScopeForm['deviceType'] })
          }
          options={DEVICE_TYPES.map((type) => ({ value: type, label: DEVICE_TYPE_LABELS[type] }))}
        />
      )}
      {places && (
        <SelectField
          label={PICK_LABELS[value.kind as keyof typeof PICK_LABELS]}
          value={value.id}
          required
          onChange={(e) => onChange({ ...value, id: e.target.value })}
          options={[{ value: '', label: places.length === 0 ? 'None yet' : 'Choose…' }, ...places]}
        />
      )}
      <FieldError message={error} className="sm:col-span-2" />
    </div>
  );
}

/** A scope in words, with the hierarchy's names. */
export function scopeText(scope: Scope, hierarchy: Hierarchy | undefined): string {
  switch (scope.kind) {
    case 'organisation':
      return 'Whole organisation';
    case 'deviceType':
      return `Every ${scope.deviceType === 'server' ? 'server' : DEVICE_TYPE_LABELS[scope.deviceType]}`;
    default: {
      const name = hierarchy?.[scope.kind].find((o) => o.value === String(scope.id))?.label;
      return `${PICK_LABELS[scope.kind]} ${name ?? `#${scope.id}`}`;
    }
  }
}
