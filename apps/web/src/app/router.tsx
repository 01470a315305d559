import { createBrowserRouter } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './layouts/root-layout';
import { ErrorPage } from './error-page';
import { DebugPage } from './debug-page';

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
          path: '*',
          loader: () => {
            throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
          },
        },
      ],
    },
  ]);
}
