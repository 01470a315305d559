import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/auth';
import { Spinner } from '@/components/ui/spinner';

/** Pages below this route need a signed-in operator; others are sent to login and back. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const { status, signIn } = session;
  useEffect(() => {
    if (status === 'signed-out') void signIn({ returnTo });
  }, [status, signIn, returnTo]);
  if (status !== 'signed-in') return <Spinner label="Checking your session…" />;
  return <Outlet />;
}
