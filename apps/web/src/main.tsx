import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { preloadLoginClient } from '@/lib/auth';
import { AppConfigProvider, loadAppConfig } from '@/lib/runtime-config';
import { AppProviders } from '@/app/app';
import { createRouter } from '@/app/router';
import { yieldToMain } from '@/lib/yield-to-main';
import { renderingWithoutHydration } from '@/hooks/use-hydrated';
import './styles.css';

const container = document.getElementById('root')!;

async function start() {
  const hydrate = container.hasChildNodes();
  // A page the server did not prerender is one of the app's own: it needs the session first.
  if (!hydrate) void preloadLoginClient();
  const config = await loadAppConfig();
  // Evaluating this module and its packages was one task, matching the route the next.
  await yieldToMain();
  const router = await createRouter(window.location, { hydrate });
  await yieldToMain();
  const app = (
    <StrictMode>
      <AppConfigProvider config={config}>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </AppConfigProvider>
    </StrictMode>
  );
  // The server prerenders public pages: those are hydrated, every other page is rendered here.
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: the page is already painted and stays responsive.
  if (hydrate) startTransition(() => void hydrateRoot(container, app));
  else {
    document.title = config.productName;
    renderingWithoutHydration();
    createRoot(container).render(app);
  }
}

start().catch((error: unknown) => {
  console.error(error);
  createRoot(container).render(
    <p className="p-6">The service could not be reached. Please reload the page in a moment.</p>,
  );
});
