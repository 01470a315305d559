import { useAppConfig } from '@/lib/runtime-config';
import { useSession } from '@/lib/auth';
import { Landing } from '../components/landing';
import { WelcomeBack } from '../components/welcome-back';

/**
 * `/`: the landing when signed out, a welcome when signed in. Until the session is known the
 * landing shows: it is what the server prerendered, and what most visitors of `/` get.
 */
export function HomeRoute() {
  const session = useSession();
  const { productName } = useAppConfig();
  if (session.status === 'signed-in') {
    return <WelcomeBack displayName={session.displayName} productName={productName} />;
  }
  return <Landing />;
}

/** `/logged-out`: where signing out returns to (SPEC §2). */
export function LoggedOutRoute() {
  return <Landing />;
}
