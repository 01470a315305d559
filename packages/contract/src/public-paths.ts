/** Public path the web app reads its runtime configuration from before it renders. */
export const APP_CONFIG_PATH = '/app-config.json';
export const HEALTH_PATH = '/healthz';

export const DEFAULT_PRODUCT_NAME = 'Brezza';

/** The element of a served page that carries the runtime configuration (JSON). */
export const APP_CONFIG_ELEMENT_ID = 'app-config';
export const ROBOTS_PATH = '/robots.txt';
export const SITEMAP_PATH = '/sitemap.xml';
