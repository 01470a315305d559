import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './layouts/root-layout';
import { ErrorPage } from './error-page';
import { DebugPage } from './debug-page';
import { RequireAuth } from './require-auth';
import { DevicesLoading } from './routes/devices-loading';
import { Spinner } from '@/components/ui/spinner';
import { prepareFetchOffMainThread } from '@/lib/fetch-off-main-thread';
import { yieldToMain } from '@/lib/yield-to-main';

/**
 * The route table (SPEC §2). Pages are loaded lazily so the landing stays small; routes compose
 * features, which never import each other. The server prerenders the public pages from the same
 * table (src/prerender.tsx).
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      // Shown while the first page's lazy module loads.
      hydrateFallbackElement: <Spinner />,
      children: [
        { path: paths.debug, element: <DebugPage /> },
        {
          path: paths.home,
          lazy: async () => ({
            Component: (await import('@/features/landing/routes/home')).HomeRoute,
          }),
        },
        {
          path: paths.loggedOut,
          lazy: async () => ({
            Component: (await import('@/features/landing/routes/home')).LoggedOutRoute,
          }),
        },
        {
          path: paths.features,
          lazy: async () => ({
            Component: (await import('@/features/platform-features/routes/features')).FeaturesRoute,
          }),
        },
        {
          path: paths.signIn,
          lazy: async () => ({
            Component: (await import('@/features/access/routes/sign-in')).SignInRoute,
          }),
        },
        {
          path: paths.signUp,
          lazy: async () => ({
            Component: (await import('@/features/access/routes/sign-up')).SignUpRoute,
          }),
        },
        {
          path: paths.resetPassword,
          lazy: async () => ({
            Component: (await import('@/features/access/routes/reset-password')).ResetPasswordRoute,
          }),
        },
        {
          path: `${paths.docs}/*`,
          lazy: async () => ({
            Component: (await import('@/features/docs/routes/docs')).DocsRoute,
          }),
        },
        {
          // Signed-in pages: devices and plans (SPEC §6); the docs stay public.
          element: <RequireAuth />,
          // Shown while a signed-in page's module loads, under the header: the layout (and the
          // session, which it holds) does not wait for the page's code.
          hydrateFallbackElement: <Spinner />,
          children: [
            {
              path: paths.devices,
              hydrateFallbackElement: <DevicesLoading />,
              lazy: async () => {
                // The servers list is read in a worker: it starts while the page's code loads.
                prepareFetchOffMainThread();
                return { Component: (await import('./routes/devices')).DevicesRoute };
              },
            },
            {
              path: paths.equipment,
              lazy: async () => ({
                Component: (await import('@/features/equipment/routes/equipment-list'))
                  .EquipmentListRoute,
              }),
            },
            {
              path: `${paths.equipment}/:id`,
              lazy: async () => ({
                Component: (await import('./routes/equipment')).EquipmentWithRecommendationsRoute,
              }),
            },
            {
              path: paths.alerts,
              lazy: async () => ({
                Component: (await import('@/features/alerts/routes/alerts')).AlertsRoute,
              }),
            },
            // The Sankey layout (d3-sankey) and the charts load with these pages only.
            {
              path: paths.efficiency,
              lazy: async () => ({
                Component: (await import('@/features/efficiency/routes/efficiency'))
                  .EfficiencyRoute,
              }),
            },
            {
              path: `${paths.efficiency}/pcdu/:id`,
              lazy: async () => ({
                Component: (await import('@/features/efficiency/routes/cooling-performance'))
                  .CoolingPerformanceRoute,
              }),
            },
            {
              path: paths.reports,
              lazy: async () => ({
                Component: (await import('@/features/reports/routes/reports')).ReportsRoute,
              }),
            },
            {
              path: paths.auditLog,
              lazy: async () => ({
                Component: (await import('@/features/audit-log/routes/audit-log')).AuditLogRoute,
              }),
            },
            {
              path: paths.users,
              lazy: async () => ({
                Component: (await import('@/features/users/routes/users')).UsersRoute,
              }),
            },
            // Charts (uPlot) load with these pages only, never in the first load.
            {
              path: paths.observability,
              lazy: async () => ({
                Component: (await import('./routes/dashboard')).OrganisationDashboardRoute,
              }),
            },
            ...(
              [
                ['/datacenters/:id', 'DatacenterObservabilityRoute'],
                ['/rooms/:id', 'RoomObservabilityRoute'],
                ['/racks/:id', 'RackObservabilityRoute'],
                ['/servers/:id', 'ServerObservabilityRoute'],
              ] as const
            ).map(([suffix, name]) => ({
              path: `${paths.observability}${suffix}`,
              lazy: async () => ({
                Component: (await import('@/features/observability/routes/observability'))[name],
              }),
            })),
            ...[paths.plans, paths.planSuccess, paths.planCancel].map((path) => ({
              path,
              lazy: async () => ({
                Component: (await import('@/features/plans/routes/plans')).PlansRoute,
              }),
            })),
          ],
        },
        {
          path: '*',
          loader: () => {
            throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
          },
        },
      ],
    },
  ];
}

/**
 * The browser's router. A prerendered page hydrates only once its route's module is there (the
 * server rendered it, so the first render must too): the lazy routes that match the address
 * are loaded first. Any other page renders at once; the router loads its module meanwhile.
 */
export async function createRouter(
  location: Location,
  { hydrate }: { hydrate: boolean },
): Promise<ReturnType<typeof createBrowserRouter>> {
  const routes = appRoutes();
  if (!hydrate) return createBrowserRouter(routes);
  const lazyMatches = (matchRoutes(routes, location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy !== 'function') return;
      Object.assign(route, { ...(await lazy()), lazy: undefined });
    }),
  );
  // The route's module has just been evaluated; the router's set-up is a task of its own, and
  // so is the first read of session storage that it makes.
  await yieldToMain();
  openSessionStorage();
  await yieldToMain();
  return createBrowserRouter(routes);
}

/**
 * The router reads session storage as it starts (the view transitions it restores); the page's
 * first use of it costs the browser ~10 ms of loading, which this call pays in its own task.
 */
function openSessionStorage() {
  try {
    void window.sessionStorage.length;
  } catch {
    // Storage refused (privacy settings): the router copes, and so do we.
  }
}
