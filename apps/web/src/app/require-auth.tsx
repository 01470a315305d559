import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/auth';
import { currentPath } from '@/lib/auth-location';
import { Spinner } from '@/components/ui/spinner';

/**
 * Pages below this route need a signed-in operator. Anyone else is sent to the hosted login
 * and brought back to the very page (path, query and hash) they asked for.
 */
export function RequireAuth() {
  const { status, signIn } = useSession();
  const location = useLocation();
  const returnTo = currentPath(location);
  useEffect(() => {
    if (status === 'signed-out') void signIn({ returnTo });
  }, [status, signIn, returnTo]);
  if (status !== 'signed-in') {
    return <Spinner label={status === 'loading' ? 'Checking your session…' : 'Signing you in…'} />;
  }
  return <Outlet />;
}
