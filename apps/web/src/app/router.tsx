import { createBrowserRouter } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './layouts/root-layout';
import { ErrorPage } from './error-page';
import { DebugPage } from './debug-page';
import { RequireAuth } from './require-auth';

/**
 * The route table (SPEC §2). Pages are loaded lazily so the landing stays small; routes compose
 * features, which never import each other.
 */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      children: [
        { path: paths.debug, element: <DebugPage /> },
        {
          // Signed-in pages: devices and plans (SPEC §6); the docs stay public.
          element: <RequireAuth />,
          children: [],
        },
        {
          path: '*',
          loader: () => {
            throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
          },
        },
      ],
    },
  ]);
}
