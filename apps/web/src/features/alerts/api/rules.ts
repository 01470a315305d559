import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ALERT_RULES_PATH,
  METRICS_NAMES_PATH,
  alertRulePath,
  alertRuleSchema,
  alertRulesListSchema,
  metricNamesResponseSchema,
  type AlertRule,
  type AlertRuleBody,
} from '@brezza/contract';
import { useApiClient } from '@/lib/api-client';
import { alertKeys, type Request } from './request';

export const rulesQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: alertKeys.rules,
    queryFn: async () =>
      alertRulesListSchema.parse(
        await request<unknown>(ALERT_RULES_PATH, {
          fallbackError: 'Failed to load the alert rules: {status}',
        }),
      ).rules,
  });

/** The metrics the organisation has samples of: the rule editor's suggestions. */
export const metricNamesQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: alertKeys.metricNames,
    queryFn: async () =>
      metricNamesResponseSchema.parse(await request<unknown>(METRICS_NAMES_PATH)).metrics,
    staleTime: 60_000,
  });

/** POST a new rule, or PUT an existing one (admins). */
export function useSaveRule() {
  const request = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: AlertRuleBody }) =>
      alertRuleSchema.parse(
        await request<unknown>(id === null ? ALERT_RULES_PATH : alertRulePath(id), {
          method: id === null ? 'POST' : 'PUT',
          body,
          fallbackError: 'Failed to save the rule: {status}',
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

/** The rule as the server holds it, with `enabled` flipped. */
export function useToggleRule() {
  const save = useSaveRule();
  return {
    ...save,
    toggle: (rule: AlertRule) => {
      const { id, builtin: _builtin, updatedAt: _updatedAt, ...body } = rule;
      save.mutate({ id, body: { ...body, enabled: !rule.enabled } });
    },
  };
}

export function useDeleteRule() {
  const request = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<void>(alertRulePath(id), {
        method: 'DELETE',
        fallbackError: 'Failed to delete the rule: {status}',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
