import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/runtime-config';
import { useSession } from '@/lib/auth';

export function Header() {
  const { productName, links } = useAppConfig();
  const session = useSession();
  return (
    <header className="sticky top-0 z-40">
      <nav className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
        <Link to={paths.home} className="text-xl font-bold text-brand-700">
          {productName}
        </Link>
        <div className="flex items-center gap-4">
          <Link to={paths.docs}>Docs</Link>
          {session.status === 'signed-in' ? (
            <>
              <span>{session.displayName}</span>
              <button type="button" onClick={() => void session.signOut()}>
                Sign out
              </button>
            </>
          ) : (
            <>
              <Link to={paths.signIn}>Sign in</Link>
              <a href={links.requestDemo} target="_blank" rel="noreferrer">
                Request Demo
              </a>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
