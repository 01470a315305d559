import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/runtime-config';
import { useSession, type Session } from '@/lib/auth';
import { useScrolledPast } from '@/hooks/use-scrolled-past';
import { useHydrated } from '@/hooks/use-hydrated';
import { Button, buttonClassName } from '@/components/ui/button';
import { ExternalLink } from '@/components/ui/external-link';
import { Logo } from '@/components/ui/logo';
import { cx } from '@/components/ui/cx';

/** SPEC §9: the header turns white with a shadow past this many pixels of scroll. */
export const HEADER_SCROLL_THRESHOLD_PX = 10;

const navLinkClassName = ({ isActive }: { isActive: boolean }) =>
  cx(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    isActive ? 'text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-ink',
  );

function AccountActions({
  session,
  requestDemoUrl,
  onNavigate,
  stacked,
}: {
  session: Session;
  requestDemoUrl: string;
  onNavigate: () => void;
  stacked: boolean;
}) {
  if (session.status === 'signed-in') {
    return (
      <>
        <span
          className={cx(
            'truncate text-sm font-medium text-slate-700',
            stacked ? 'px-3 py-2' : 'min-w-0 px-2',
          )}
          title={session.displayName ?? undefined}
        >
          {session.displayName}
        </span>
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          onClick={() => void session.signOut()}
        >
          Sign out
        </Button>
      </>
    );
  }
  // While the session loads (and in the prerendered page) the signed-out controls hold their
  // place, invisible, so that nothing moves when the answer arrives.
  const hidden = session.status === 'loading';
  return (
    <div className={cx('contents', hidden && '[&>*]:invisible')} aria-hidden={hidden || undefined}>
      <NavLink to={paths.signIn} className={navLinkClassName} onClick={onNavigate}>
        Sign in
      </NavLink>
      <ExternalLink
        href={requestDemoUrl}
        className={buttonClassName({ size: 'sm', className: stacked ? 'py-2.5' : undefined })}
      >
        Request Demo
      </ExternalLink>
    </div>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-6 w-6">
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
      </g>
    </svg>
  );
}

export function Header() {
  const { productName, links } = useAppConfig();
  const session = useSession();
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const hydrated = useHydrated();
  const closeMenu = () => setMenuOpen(false);
  const solid = scrolled || menuOpen;

  return (
    <header
      data-scrolled={scrolled}
      className={cx(
        'sticky top-0 z-40 transition-[background-color,box-shadow] duration-200',
        solid ? 'bg-white shadow-md' : 'bg-transparent',
      )}
    >
      <a
        href="#content"
        className="sr-only rounded-lg bg-white px-3 py-2 text-sm font-semibold text-brand-700 focus:not-sr-only focus:absolute focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8"
      >
        <Link
          to={paths.home}
          onClick={closeMenu}
          className="flex items-center rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <Logo name={productName} />
        </Link>
        <div className="hidden items-center gap-2 md:flex">
          <NavLink to={paths.docs} className={navLinkClassName}>
            Docs
          </NavLink>
          {/* One width whether signed in or out: the Docs link stays put when the session loads. */}
          <div className="flex w-56 items-center justify-end gap-2">
            <AccountActions
              session={session}
              requestDemoUrl={links.requestDemo}
              onNavigate={closeMenu}
              stacked={false}
            />
          </div>
        </div>
        <button
          type="button"
          className="-mr-2 rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 md:hidden"
          aria-expanded={menuOpen}
          disabled={!hydrated}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          <MenuIcon open={menuOpen} />
        </button>
      </nav>
      {menuOpen && (
        <div
          id="mobile-menu"
          className="flex flex-col gap-1 border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden"
        >
          <NavLink to={paths.docs} className={navLinkClassName} onClick={closeMenu}>
            Docs
          </NavLink>
          <AccountActions
            session={session}
            requestDemoUrl={links.requestDemo}
            onNavigate={closeMenu}
            stacked
          />
        </div>
      )}
    </header>
  );
}
