import { useQuery } from '@tanstack/react-query';
import { describeCondition, type AlertRule } from '@brezza/contract';
import { Button } from '@/components/ui/button';
import { useApiClient } from '@/lib/api-client';
import type { Hierarchy } from '../api/get-scopes';
import { rulesQueryOptions, useDeleteRule, useToggleRule } from '../api/rules';
import { AdminActions, AdminList } from './admin-list';
import { RuleEditor } from './rule-editor';
import { scopeText } from './scope-picker';
import { SeverityBadge } from './severity-badge';

const pending = (seconds: number) => (seconds === 0 ? 'fires at once' : `fires after ${seconds} s`);

function RuleRow({
  rule,
  hierarchy,
  isAdmin,
  onEdit,
}: {
  rule: AlertRule;
  hierarchy: Hierarchy | undefined;
  isAdmin: boolean;
  onEdit(): void;
}) {
  const toggle = useToggleRule();
  const remove = useDeleteRule();
  return (
    <li className="p-4" data-rule={rule.id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <SeverityBadge severity={rule.severity} />
        <span className="font-semibold text-ink">{rule.name}</span>
        {!rule.enabled && (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
            Disabled
          </span>
        )}
        {rule.builtin && <span className="text-xs text-slate-500">Default pack</span>}
      </div>
      <p className="mt-1 font-mono text-sm break-words text-slate-700">
        {describeCondition(rule.metric, rule.condition)}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {scopeText(rule.scope, hierarchy)} · {pending(rule.forSeconds)}
        {rule.description && <> · {rule.description}</>}
      </p>
      {isAdmin && (
        <AdminActions
          onEdit={onEdit}
          confirmation="Delete this rule and its alerts?"
          deleteLabel="Delete rule"
          onDelete={() => remove.mutate(rule.id)}
          deleting={remove.isPending}
          error={toggle.error ?? remove.error}
        >
          <Button
            size="sm"
            variant="ghost"
            disabled={toggle.isPending}
            onClick={() => toggle.toggle(rule)}
          >
            {rule.enabled ? 'Disable' : 'Enable'}
          </Button>
        </AdminActions>
      )}
    </li>
  );
}

/** The organisation's rules; admins add, edit, enable, disable and delete them. */
export function RulesPanel({
  hierarchy,
  isAdmin,
}: {
  hierarchy: Hierarchy | undefined;
  isAdmin: boolean;
}) {
  const request = useApiClient();
  const rules = useQuery(rulesQueryOptions(request));
  return (
    <AdminList
      label="Rules"
      intro="Each rule watches one metric or state on the devices in its scope."
      readOnlyNote="Only admins change rules."
      newLabel="New rule"
      isAdmin={isAdmin}
      items={rules}
      renderItem={(rule, onEdit) => (
        <RuleRow
          key={rule.id}
          rule={rule}
          hierarchy={hierarchy}
          isAdmin={isAdmin}
          onEdit={onEdit}
        />
      )}
      renderEditor={(rule, onClose) => (
        <RuleEditor rule={rule} hierarchy={hierarchy} onClose={onClose} />
      )}
    />
  );
}
