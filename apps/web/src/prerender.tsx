import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { AppConfig, PageRenderer, PrerenderedPage } from '@brezza/contract';
import { paths } from '@/config/paths';
import { AppConfigProvider } from '@/lib/runtime-config';
import { AppProviders } from '@/app/app';
import { appRoutes } from '@/app/router';
import { docsPageTitle } from '@/features/docs/hooks/use-docs-page-effects';
import { DOCS_PAGES, docsHref } from '@/features/docs/utils/docs-pages';

/**
 * The server bundle (`vite build --ssr`): the server renders the public pages with it once, at
 * start-up, with the deployment's configuration, and sends them as HTML so that they paint
 * before any script runs; the browser bundle then hydrates the same route components.
 */

export const publicPaths: PageRenderer['publicPaths'] = [
  paths.home,
  paths.features,
  paths.signIn,
  paths.signUp,
  paths.resetPassword,
  paths.loggedOut,
  ...DOCS_PAGES.map((page) => docsHref(page.slug)),
];

function titleOf(pathname: string, productName: string): string {
  const docsPage = DOCS_PAGES.find((page) => docsHref(page.slug) === pathname);
  return docsPage ? docsPageTitle(docsPage.label, productName) : productName;
}

export const renderPage: PageRenderer['renderPage'] = async (
  pathname: string,
  config: AppConfig,
): Promise<PrerenderedPage | null> => {
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.local')));
  if (context instanceof Response || context.statusCode !== 200) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppConfigProvider config={config}>
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </AppConfigProvider>
    </StrictMode>,
  );
  return { html, title: titleOf(pathname, config.productName) };
};
