import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { describeCondition, type AlertRule } from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client';
import type { Hierarchy } from '../api/get-scopes';
import { rulesQueryOptions, useDeleteRule, useToggleRule } from '../api/rules';
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
  const [confirming, setConfirming] = useState(false);
  const failure = toggle.error ?? remove.error;
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
      {isAdmin && !confirming && (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={onEdit}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={toggle.isPending}
            onClick={() => toggle.toggle(rule)}
          >
            {rule.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </div>
      )}
      {confirming && (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <span>Delete this rule and its alerts?</span>
          <Button
            size="sm"
            variant="danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate(rule.id)}
          >
            Delete rule
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      )}
      {failure && (
        <Alert tone="error" className="mt-2">
          {failure.message}
        </Alert>
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
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  return (
    <section aria-label="Rules">
      <div className="flex flex-wrap items-center justify-between gap-2 p-4">
        <p className="text-sm text-slate-600">
          Each rule watches one metric or state on the devices in its scope.
          {!isAdmin && ' Only admins change rules.'}
        </p>
        {isAdmin && <Button onClick={() => setEditing('new')}>New rule</Button>}
      </div>
      {rules.isPending && <Spinner />}
      {rules.isError && (
        <Alert tone="error" className="m-4">
          {rules.error.message}
        </Alert>
      )}
      {rules.data && (
        <ul className="divide-y divide-slate-100 border-t border-slate-100">
          {rules.data.map((rule) => (
            <RuleRow
              key={rule.id}
              rule={rule}
              hierarchy={hierarchy}
              isAdmin={isAdmin}
              onEdit={() => setEditing(rule)}
            />
          ))}
        </ul>
      )}
      {editing && (
        <RuleEditor
          rule={editing === 'new' ? null : editing}
          hierarchy={hierarchy}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
