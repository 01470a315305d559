/**
 * SPEC §7: link-grafana is sent once per session. The flag lives in sessionStorage (one browser
 * tab's session), per user, and is set only after a success, so a failed link is retried on the
 * next page load.
 */
export const linkGrafanaFlagKey = (userId: string) => `brezza.grafana-linked:${userId}`;

export function isGrafanaLinked(storage: Storage, userId: string): boolean {
  try {
    return storage.getItem(linkGrafanaFlagKey(userId)) === '1';
  } catch {
    return false;
  }
}

export function markGrafanaLinked(storage: Storage, userId: string): void {
  try {
    storage.setItem(linkGrafanaFlagKey(userId), '1');
  } catch {
    // Storage full or disabled: the link is simply sent again next time, which is harmless.
  }
}
