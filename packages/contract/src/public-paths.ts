/** Public path the web app reads its runtime configuration from before it renders. */
export const APP_CONFIG_PATH = '/app-config.json';
export const HEALTH_PATH = '/healthz';

export const DEFAULT_PRODUCT_NAME = 'Brezza';
