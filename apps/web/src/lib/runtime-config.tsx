import { createContext, useContext, type ReactNode } from 'react';
import { APP_CONFIG_PATH, appConfigSchema, type AppConfig } from '@brezza/contract';

const AppConfigContext = createContext<AppConfig | null>(null);

/** Reads the server's runtime configuration once, before the app renders. */
export async function fetchAppConfig(): Promise<AppConfig> {
  const response = await fetch(APP_CONFIG_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Failed to load configuration: ${response.status}`);
  return appConfigSchema.parse(await response.json());
}

export function AppConfigProvider({
  config,
  children,
}: {
  config: AppConfig;
  children: ReactNode;
}) {
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('useAppConfig must be used inside AppConfigProvider');
  return config;
}
