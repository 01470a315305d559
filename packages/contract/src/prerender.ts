import type { AppConfig } from './app-config.js';

/** One public page rendered to HTML by the web app's server bundle. */
export interface PrerenderedPage {
  /** The markup that goes inside the page's root element. */
  html: string;
  /** The document title the page sets for itself once it runs. */
  title: string;
}

/**
 * What the web build's server bundle (`<web dist>/ssr/prerender.js`) exports: the public pages
 * (also the sitemap), and a renderer that draws one of them with the deployment's configuration.
 */
export interface PageRenderer {
  publicPaths: readonly string[];
  renderPage(pathname: string, config: AppConfig): Promise<PrerenderedPage | null>;
}

/** Where, under the web build, the server bundle lives; never served to browsers. */
export const PRERENDER_BUNDLE = 'ssr/prerender.js';
