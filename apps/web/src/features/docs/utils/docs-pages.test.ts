import { describe, expect, it } from 'vitest';
import { MODBUS_TYPE_WIDTH, PCDU_DEFAULT_PROFILE } from '@brezza/contract';
import {
  DOCS_PAGES,
  docsHref,
  docsSections,
  findDocsPage,
  neighbours,
  withProductName,
} from './docs-pages';

const page = (slug: string) => {
  const found = findDocsPage(slug);
  if (!found) throw new Error(`no page ${slug}`);
  return found.html;
};

describe('docs pages', () => {
  it('says who authorises users in the words of SPEC §1', () => {
    const text = page('guides')
      .replace(/<[^>]+>/g, '')
      .replaceAll('&#39;', "'")
      .replace(/\s+/g, ' ');
    expect(text).toContain(
      "The provider's sales staff authorise users by name and e-mail and link them to the organisation's account.",
    );
  });

  it('has the SPEC sub-routes in navigation order', () => {
    expect(DOCS_PAGES.map((p) => docsHref(p.slug))).toEqual([
      '/docs',
      '/docs/guides',
      '/docs/architecture',
      '/docs/configuration',
      '/docs/hierarchy-overview',
      '/docs/pdu-hierarchy',
      '/docs/pcdu-overview',
      '/docs/pcdu-dashboard',
      '/docs/pcdu-sensors',
      '/docs/pcdu-setpoint-configuration',
      '/docs/pcdu-network-configuration',
      '/docs/pcdu-system-health',
      '/docs/pcdu-register-map',
      '/docs/pcdu-digital-twin',
    ]);
  });

  it('finds pages with or without a trailing slash, and nothing for unknown ones', () => {
    expect(findDocsPage(undefined)?.label).toBe('Home');
    expect(findDocsPage('guides/')?.label).toBe('Guides');
    expect(findDocsPage('nope')).toBeUndefined();
  });

  it('gives every page a title and anchors for its headings', () => {
    for (const { html, label } of DOCS_PAGES) {
      expect(html, label).toMatch(/^<h1 id="[a-z0-9-]+">/);
    }
  });

  it('links previous and next pages in reading order', () => {
    expect(neighbours('').previous).toBeUndefined();
    expect(neighbours('').next?.slug).toBe('guides');
    expect(neighbours('pcdu-system-health').next?.slug).toBe('pcdu-register-map');
    expect(neighbours('pcdu-register-map').next?.slug).toBe('pcdu-digital-twin');
    expect(neighbours('pcdu-digital-twin').next).toBeUndefined();
  });

  it('groups pages without reordering them', () => {
    expect(docsSections().flatMap((s) => s.pages)).toEqual(DOCS_PAGES);
  });

  it('fills in the configured product name, escaped', () => {
    expect(withProductName('<h1>{{productName}} docs</h1>', 'A&B <Cool>')).toBe(
      '<h1>A&amp;B &lt;Cool&gt; docs</h1>',
    );
    for (const { html } of DOCS_PAGES) {
      expect(withProductName(html, 'Brezza')).not.toContain('{{');
    }
  });
});

describe('docs content', () => {
  it('documents every pCDU sensor of SPEC §2', () => {
    const sensors = [
      'psu1',
      'psu2',
      'refrigerant_supply_temperature',
      'refrigerant_return_temperature',
      'ambtemp',
      'water_outlet_temperature',
      'water_inlet_temperature',
      'facility_supply_pressure_voltage',
      'facility_return_pressure_voltage',
      'wflow',
      'ref_m',
      'valveSetpoint',
      'valveNow',
      'Setpoint_VolumetricFlow',
      'waterleak',
      'energy',
      'cooling_power',
      'ControlMode',
      'SetpointSource',
      'ErrorState',
    ];
    const html = page('pcdu-sensors');
    for (const sensor of sensors) expect(html).toContain(`<code>${sensor}</code>`);
    for (const value of ['OK', 'ERROR', 'Warning']) expect(html).toContain(`<code>${value}</code>`);
  });

  it('states the setpoint ranges, steps and defaults of SPEC §5 and §9', () => {
    const html = page('pcdu-setpoint-configuration');
    for (const text of [
      '0–10000 (0–100 %)',
      '0.01 %',
      '3000 (30 %)',
      '0.0–55.0 K',
      '0.1 K',
      '15.0 K',
      'Save Configuration',
      'Refresh Values',
      'Reset to Defaults',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('covers the network fields, interface states and buttons', () => {
    const html = page('pcdu-network-configuration');
    for (const text of [
      'IP address',
      'Subnet mask',
      'Gateway',
      'Primary DNS',
      'Secondary DNS',
      'ACTIVE',
      'INACTIVE',
      'Apply Configuration',
      'Refresh Info',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('explains the health colours, the 2-second refresh and the 23+ metrics', () => {
    const health = page('pcdu-system-health');
    for (const colour of ['Green', 'Yellow', 'Red']) expect(health).toContain(colour);
    const overview = page('pcdu-overview');
    expect(overview).toContain('2 seconds');
    expect(overview).toContain('23+ sensor metrics');
  });

  it('describes the client config file and its service', () => {
    const html = page('configuration');
    for (const text of ['/root/.brezza/agent.json', '0600', 'brezza-agent', 'Duplicate names']) {
      expect(html).toContain(text);
    }
  });

  it('inlines the architecture diagram as an accessible SVG', () => {
    const html = page('architecture');
    expect(html).toMatch(
      /<figure class="diagram"><svg role="img" aria-label="Architecture diagram/,
    );
    for (const part of ['Prometheus', 'Grafana', 'Stripe', 'SQLite', 'PostgreSQL', '/idp']) {
      expect(html).toContain(part);
    }
  });

  it('wraps tables so they scroll sideways on phones', () => {
    expect(page('pcdu-sensors')).toContain('<div class="table-scroll"><table>');
  });

  it('documents every register of the default pCDU profile at its address', () => {
    const html = page('pcdu-register-map');
    for (const register of PCDU_DEFAULT_PROFILE.registers) {
      const width = MODBUS_TYPE_WIDTH[register.type];
      const address =
        width > 1 ? `${register.address}–${register.address + width - 1}` : `${register.address}`;
      expect(html, register.sensor).toMatch(
        new RegExp(`<td>${address}</td>\\s*<td><code>${register.sensor}</code></td>`),
      );
    }
  });
});
