/** Read once per signed-in user and page load (SPEC §4: after authentication). */
export const orgSettingsQueryKey = (userId: string) =>
  ['organisation', 'settings', userId] as const;

export const linkGrafanaQueryKey = (userId: string) =>
  ['organisation', 'link-grafana', userId] as const;
