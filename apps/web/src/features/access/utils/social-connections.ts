/** The social logins the sign-up page offers, by the identity provider's connection name. */
export const SOCIAL_PROVIDERS = [
  { connection: 'github', label: 'GitHub' },
  { connection: 'google-oauth2', label: 'Google' },
] as const;

export interface SocialOption {
  connection: string;
  label: string;
  enabled: boolean;
}

/** Each provider, enabled only when the identity provider has that connection configured. */
export function socialOptions(configured: readonly string[]): SocialOption[] {
  return SOCIAL_PROVIDERS.map((provider) => ({
    ...provider,
    enabled: configured.includes(provider.connection),
  }));
}

/** Why some buttons are disabled, or null when all of them work. */
export function unavailableNote(options: readonly SocialOption[]): string | null {
  const unavailable = options.filter((option) => !option.enabled).map((option) => option.label);
  if (unavailable.length === 0) return null;
  const names = unavailable.join(' and ');
  const verb = unavailable.length === 1 ? 'is' : 'are';
  return `${names} sign-in ${verb} not set up for this installation. Use the form below instead.`;
}
