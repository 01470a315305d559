import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SEVERITIES, SEVERITY_LABELS, type AlertRule, type Condition } from '@brezza/contract';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useApiClient } from '@/lib/api-client';
import type { Hierarchy } from '../api/get-scopes';
import { metricNamesQueryOptions, useSaveRule } from '../api/rules';
import {
  EMPTY_RULE,
  ruleBody,
  ruleFieldOf,
  ruleForm,
  type RuleField,
  type RuleForm,
} from '../utils/rule-form';
import { useEditorForm } from '../hooks/use-editor-form';
import { EditorDialog, NameField } from './editor-dialog';
import { FieldError } from './field-error';
import { ScopePicker } from './scope-picker';

const CONDITION_LABELS: Record<Condition['kind'], string> = {
  above: 'Above a threshold',
  below: 'Below a threshold',
  outside: 'Outside a range',
  equals: 'Equals a state',
  absent: 'No data for a time',
};

/**
 * Adds or changes a rule (admins). Every condition kind has its own fields; the server checks
 * the whole rule and its message shows beside the field it is about.
 */
export function RuleEditor({
  rule,
  hierarchy,
  onClose,
}: {
  /** null: a new rule. */
  rule: AlertRule | null;
  hierarchy: Hierarchy | undefined;
  onClose(): void;
}) {
  const request = useApiClient();
  const metrics = useQuery(metricNamesQueryOptions(request));
  const save = useSaveRule();
  const [form, set] = useEditorForm<RuleForm>(rule ? ruleForm(rule) : EMPTY_RULE, save.reset);
  const listId = useId();
  const message = save.error?.message;
  const field: RuleField | null = message ? ruleFieldOf(message) : null;
  const errorOf = (name: RuleField) => (field === name ? message : undefined);
  const submit = () =>
    save.mutate({ id: rule?.id ?? null, body: ruleBody(form) }, { onSuccess: onClose });
  const number = (key: keyof RuleForm & RuleField, label: string, hint?: string) => (
    <div>
      <TextField
        label={label}
        hint={hint}
        inputMode="decimal"
        value={form[key] as string}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={field === key}
      />
      <FieldError message={errorOf(key)} className="mt-1" />
    </div>
  );

  return (
    <EditorDialog
      title={rule ? `Edit “${rule.name}”` : 'New alert rule'}
      onClose={onClose}
      busy={save.isPending}
      onSubmit={submit}
      submitLabel={rule ? 'Save rule' : 'Add rule'}
      formError={field === 'form' ? message : undefined}
    >
      <NameField
        value={form.name}
        onChange={(name) => set('name', name)}
        placeholder="Loop A inlet too warm"
        error={errorOf('name')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Severity"
          value={form.severity}
          onChange={(e) => set('severity', e.target.value as RuleForm['severity'])}
          options={SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LABELS[s] }))}
        />
        <SelectField
          label="Condition"
          value={form.kind}
          onChange={(e) => set('kind', e.target.value as Condition['kind'])}
          options={Object.entries(CONDITION_LABELS).map(([value, label]) => ({ value, label }))}
        />
      </div>
      <ScopePicker
        value={form.scope}
        onChange={(scope) => set('scope', scope)}
        hierarchy={hierarchy}
        error={errorOf('scope')}
      />
      {form.kind !== 'absent' && (
        <div>
          <TextField
            label="Metric"
            hint="A stored metric, such as pcdu_wflow (L/min) or pcdu_psu1 for a state."
            list={listId}
            value={form.metric}
            onChange={(e) => set('metric', e.target.value)}
            aria-invalid={field === 'metric'}
            autoCapitalize="none"
            spellCheck={false}
          />
          <datalist id={listId}>
            {(metrics.data ?? []).map((m) => (
              <option key={m.name} value={m.name}>
                {m.unit ? `${m.help} (${m.unit})` : m.help}
              </option>
            ))}
          </datalist>
          <FieldError message={errorOf('metric')} className="mt-1" />
        </div>
      )}
      {(form.kind === 'above' || form.kind === 'below') && (
        <div className="grid gap-3 sm:grid-cols-2">
          {number('threshold', 'Threshold')}
          {number(
            'clear',
            'Clears at (optional)',
            form.kind === 'above'
              ? 'Once firing, it resolves only at or below this value.'
              : 'Once firing, it resolves only at or above this value.',
          )}
        </div>
      )}
      {form.kind === 'outside' && (
        <div className="grid gap-3 sm:grid-cols-3">
          {number('low', 'Low limit')}
          {number('high', 'High limit')}
          {number('hysteresis', 'Hysteresis (optional)', 'How far back inside to clear.')}
        </div>
      )}
      {form.kind === 'equals' && (
        <div>
          <TextField
            label="State"
            hint="The word or flag the unit reports: ERROR, Warning, true."
            value={form.state}
            onChange={(e) => set('state', e.target.value)}
            aria-invalid={field === 'state'}
          />
          <FieldError message={errorOf('state')} className="mt-1" />
        </div>
      )}
      {form.kind === 'absent' && number('seconds', 'No data for (seconds)', 'At least 5 s.')}
      {number(
        'forSeconds',
        'Pending duration (seconds)',
        'How long the condition must hold before the alert fires; 0 fires at once.',
      )}
      <div>
        <TextField
          label="Description (optional)"
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
          placeholder="What to check first"
        />
        <FieldError message={errorOf('description')} className="mt-1" />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={form.enabled}
          onChange={(e) => set('enabled', e.target.checked)}
          className="h-4 w-4 rounded border-slate-300"
        />
        Enabled
      </label>
    </EditorDialog>
  );
}
