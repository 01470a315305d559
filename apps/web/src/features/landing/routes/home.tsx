import { useAppConfig } from '@/lib/runtime-config';
import { useSession } from '@/lib/auth';
import { Spinner } from '@/components/ui/spinner';
import { Landing } from '../components/landing';
import { WelcomeBack } from '../components/welcome-back';

/** `/`: the landing when signed out, a welcome when signed in; a spinner until we know which. */
export function HomeRoute() {
  const session = useSession();
  const { productName } = useAppConfig();
  if (session.status === 'loading') {
    return (
      <main className="flex min-h-[60vh] items-center justify-center">
        <Spinner label="Loading…" />
      </main>
    );
  }
  if (session.status === 'signed-in') {
    return <WelcomeBack displayName={session.displayName} productName={productName} />;
  }
  return <Landing />;
}

/** `/logged-out`: where signing out returns to (SPEC §2). */
export function LoggedOutRoute() {
  return <Landing />;
}
