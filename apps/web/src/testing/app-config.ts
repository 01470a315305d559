import type { AppConfig } from '@brezza/contract';

/** The runtime configuration a component test renders with; override what the test is about. */
export function buildAppConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    productName: 'Brezza',
    identity: {
      mode: 'embedded',
      domain: 'http://localhost/idp',
      clientId: 'brezza-web',
      audience: 'http://localhost/api',
      socialConnections: [],
    },
    links: {
      requestDemo: 'https://brezza.test/request-demo',
      learnMore: 'https://brezza.test',
      observability: 'https://grafana.brezza.test',
    },
    banner: null,
    ...overrides,
  };
}
