import { createContext, useContext, type ReactNode } from 'react';
import { APP_CONFIG_ELEMENT_ID, APP_CONFIG_PATH, type AppConfig } from '@brezza/contract';

const AppConfigContext = createContext<AppConfig | null>(null);

/**
 * Reads the server's runtime configuration once, before the app renders: embedded in the page
 * by the server, else (the Vite dev server's page) fetched. The server builds it from the
 * contract's `AppConfig` type and its tests check it against `appConfigSchema`; the browser does
 * not parse it again so that the schema library stays out of the first load.
 */
export async function loadAppConfig(): Promise<AppConfig> {
  const embedded = document.getElementById(APP_CONFIG_ELEMENT_ID)?.textContent;
  if (embedded) return JSON.parse(embedded) as AppConfig;
  return fetchAppConfig();
}

async function fetchAppConfig(): Promise<AppConfig> {
  const response = await fetch(APP_CONFIG_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Failed to load configuration: ${response.status}`);
  return (await response.json()) as AppConfig;
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
