import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '@/config/paths';

/** SPEC §2: unknown routes and render errors show 'Unexpected Application Error!'. */
export function ErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  if (error && !isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-start justify-center gap-4 px-6">
      <h1 className="text-3xl font-bold text-ink">Unexpected Application Error!</h1>
      {detail && <p className="font-mono text-sm text-slate-600">{detail}</p>}
      <Link
        to={paths.home}
        className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
      >
        Back to home
      </Link>
    </main>
  );
}
