import { paths } from '@/config/paths';
import home from '../content/home.md';
import guides from '../content/guides.md';
import architecture from '../content/architecture.md';
import configuration from '../content/configuration.md';
import hierarchyOverview from '../content/hierarchy-overview.md';
import pduHierarchy from '../content/pdu-hierarchy.md';
import pcduOverview from '../content/pcdu-overview.md';
import pcduDashboard from '../content/pcdu-dashboard.md';
import pcduSensors from '../content/pcdu-sensors.md';
import pcduSetpointConfiguration from '../content/pcdu-setpoint-configuration.md';
import pcduNetworkConfiguration from '../content/pcdu-network-configuration.md';
import pcduSystemHealth from '../content/pcdu-system-health.md';
import pcduRegisterMap from '../content/pcdu-register-map.md';
import pcduDigitalTwin from '../content/pcdu-digital-twin.md';

export interface DocsPage {
  /** The part of the address after `/docs/`; empty for the docs home. */
  slug: string;
  /** The navigation label (SPEC §2). */
  label: string;
  /** A heading the navigation groups pages under. */
  section: string;
  html: string;
}

/** Every docs page, in the navigation order SPEC §2 gives, then the pCDU register map and twin. */
export const DOCS_PAGES: readonly DocsPage[] = [
  { slug: '', label: 'Home', section: 'Getting started', html: home },
  { slug: 'guides', label: 'Guides', section: 'Getting started', html: guides },
  { slug: 'architecture', label: 'Architecture', section: 'Getting started', html: architecture },
  {
    slug: 'configuration',
    label: 'Configuration File',
    section: 'Getting started',
    html: configuration,
  },
  {
    slug: 'hierarchy-overview',
    label: 'Hierarchy Overview',
    section: 'Hierarchy',
    html: hierarchyOverview,
  },
  {
    slug: 'pdu-hierarchy',
    label: 'PDU & pCDU Hierarchy',
    section: 'Hierarchy',
    html: pduHierarchy,
  },
  { slug: 'pcdu-overview', label: 'pCDU Overview', section: 'pCDU', html: pcduOverview },
  { slug: 'pcdu-dashboard', label: 'pCDU Dashboard', section: 'pCDU', html: pcduDashboard },
  { slug: 'pcdu-sensors', label: 'pCDU Sensors', section: 'pCDU', html: pcduSensors },
  {
    slug: 'pcdu-setpoint-configuration',
    label: 'pCDU Setpoint Config',
    section: 'pCDU',
    html: pcduSetpointConfiguration,
  },
  {
    slug: 'pcdu-network-configuration',
    label: 'pCDU Network Config',
    section: 'pCDU',
    html: pcduNetworkConfiguration,
  },
  {
    slug: 'pcdu-system-health',
    label: 'pCDU System Health',
    section: 'pCDU',
    html: pcduSystemHealth,
  },
  // Issue 12: the default pCDU profile's Modbus map, after SPEC §2's twelve pages.
  {
    slug: 'pcdu-register-map',
    label: 'pCDU Register Map',
    section: 'pCDU',
    html: pcduRegisterMap,
  },
  // Issue 15: the twin's equations, calibration, energy and constraints.
  {
    slug: 'pcdu-digital-twin',
    label: 'pCDU Digital Twin',
    section: 'pCDU',
    html: pcduDigitalTwin,
  },
];

/** The address of a docs page. */
export function docsHref(slug: string): string {
  return slug ? `${paths.docs}/${slug}` : paths.docs;
}

/** The page for the address part after `/docs/` (a trailing slash is ignored), if any. */
export function findDocsPage(splat: string | undefined): DocsPage | undefined {
  const slug = (splat ?? '').replace(/\/+$/, '');
  return DOCS_PAGES.find((page) => page.slug === slug);
}

/** The pages before and after this one in reading order. */
export function neighbours(slug: string): { previous?: DocsPage; next?: DocsPage } {
  const index = DOCS_PAGES.findIndex((page) => page.slug === slug);
  if (index < 0) return {};
  return { previous: DOCS_PAGES[index - 1], next: DOCS_PAGES[index + 1] };
}

/** Pages grouped under their section headings, keeping the order. */
export function docsSections(): Array<{ section: string; pages: DocsPage[] }> {
  const sections: Array<{ section: string; pages: DocsPage[] }> = [];
  for (const page of DOCS_PAGES) {
    const last = sections.at(-1);
    if (last?.section === page.section) last.pages.push(page);
    else sections.push({ section: page.section, pages: [page] });
  }
  return sections;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The docs are built once for every deployment; the configured product name goes in here. */
export function withProductName(html: string, productName: string): string {
  return html.replaceAll('{{productName}}', escapeHtml(productName));
}
