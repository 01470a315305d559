import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { Role } from '@brezza/contract';
import { paths } from '@/config/paths';
import { useSession, type Session } from '@/lib/auth';
import { useMe } from '@/lib/me';
import { useOrganisationLinks } from '@/features/organisation/hooks/use-organisation-links';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ExternalLink } from '@/components/ui/external-link';
import { Icon, type IconName } from '@/components/ui/icon';
import { cx } from '@/components/ui/cx';

// Its own chunk: the alerts contract (zod) stays out of the first load (issue 10 budget).
const AlertCountBadge = lazy(async () => ({
  default: (await import('@/features/alerts/components/alert-count-badge')).AlertCountBadge,
}));

const itemClassName = (active: boolean) =>
  cx(
    'inline-flex shrink-0 items-center gap-2 rounded-lg px-2.5 py-2 text-sm font-medium transition-colors sm:px-3',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    active ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-ink',
  );

function ItemLabel({
  icon,
  children,
  compact = false,
}: {
  icon: IconName;
  children: ReactNode;
  /** On phones only the icon shows (the label stays for screen readers and tooltips). */
  compact?: boolean;
}) {
  return (
    <>
      <Icon name={icon} className="h-4 w-4" />
      {compact ? <span className="sr-only sm:not-sr-only">{children}</span> : children}
    </>
  );
}

function ExternalItem({ href, icon, label }: { href: string; icon: IconName; label: string }) {
  return (
    <ExternalLink href={href} className={itemClassName(false)}>
      <ItemLabel icon={icon}>{label}</ItemLabel>
      {/* The arrow marks a new tab; phones need its width for the labels. */}
      <svg
        viewBox="0 0 16 16"
        aria-hidden="true"
        className="hidden h-3 w-3 text-slate-400 sm:block"
      >
        <path
          d="M6 3h7v7M13 3L4 12"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </ExternalLink>
  );
}

interface DashboardLink {
  to: string;
  icon: IconName;
  label: string;
  /** On phones only the icon shows; the label is the tooltip. */
  compact: boolean;
  /** The role the page needs; the link is hidden from others. */
  needs?: Role;
  badge?: ReactNode;
}

const DASHBOARD_LINKS: readonly DashboardLink[] = [
  { to: paths.devices, icon: 'server', label: 'Devices', compact: false },
  { to: paths.equipment, icon: 'bolt', label: 'Equipment', compact: true },
  {
    to: paths.alerts,
    icon: 'pulse',
    label: 'Alerts',
    compact: true,
    badge: (
      <Suspense fallback={null}>
        <AlertCountBadge />
      </Suspense>
    ),
  },
  { to: paths.reports, icon: 'chart', label: 'Reports', compact: true },
  { to: paths.efficiency, icon: 'trend', label: 'Efficiency', compact: true },
  { to: paths.auditLog, icon: 'book', label: 'Audit Log', compact: true },
  { to: paths.users, icon: 'shield', label: 'Users', compact: true, needs: 'admin' },
];

/** The room left beside the current page's link when the bar scrolls it into view. */
const REVEAL_MARGIN_PX = 8;

/** SPEC §2: the signed-in operator's dashboard links, under the header. */
function DashboardLinks() {
  const { observabilityUrl, aiToolkitUrl } = useOrganisationLinks();
  const { can } = useMe();
  const links = DASHBOARD_LINKS.filter((link) => !link.needs || can(link.needs));
  const bar = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // On a phone the bar scrolls sideways: the page you are on is brought into view (the bar is
  // scrolled, never the page), and kept there while links arrive or grow (an admin's links come
  // with the role, the alert count loads on its own).
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const reveal = () => {
      const active = element.querySelector<HTMLElement>('[aria-current="page"]');
      if (!active) return;
      const { scrollLeft, clientWidth } = element;
      const left = active.offsetLeft - REVEAL_MARGIN_PX;
      const right = active.offsetLeft + active.offsetWidth + REVEAL_MARGIN_PX;
      if (right > scrollLeft + clientWidth) element.scrollLeft = right - clientWidth;
      else if (left < scrollLeft) element.scrollLeft = Math.max(0, left);
    };
    reveal();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(reveal);
    for (const item of element.children) observer.observe(item);
    return () => observer.disconnect();
  }, [pathname, links.length]);
  return (
    <nav aria-label="Dashboard" className="border-b border-slate-200 bg-white/95">
      {/* The header's side padding less the items' own: icons line up with the logo. Relative:
          the links' visually hidden texts (absolutely positioned) scroll with the items instead
          of widening the page on a phone. */}
      <div
        ref={bar}
        className="relative mx-auto flex max-w-7xl items-center gap-0.5 overflow-x-auto px-1.5 py-1 sm:gap-1 sm:px-3 lg:px-5"
      >
        {links.map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            title={link.compact ? link.label : undefined}
            className={({ isActive }) => itemClassName(isActive)}
          >
            {({ isActive }) => (
              <>
                {/* The page you are on keeps its name on a phone too. */}
                <ItemLabel icon={link.icon} compact={link.compact && !isActive}>
                  {link.label}
                </ItemLabel>
                {link.badge}
              </>
            )}
          </NavLink>
        ))}
        <ExternalItem href={observabilityUrl} icon="chart" label="Observability" />
        {aiToolkitUrl && <ExternalItem href={aiToolkitUrl} icon="sparkles" label="AI Toolkit" />}
      </div>
    </nav>
  );
}

/** SPEC §8: a login that failed says so, in the login client's words, with a way to retry. */
function SignInProblem({ session }: { session: Session }) {
  if (!session.error) return null;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-3 sm:px-6 lg:px-8">
      <Alert tone="error" className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="flex-1">
          Sign-in did not complete: <span className="font-semibold">{session.error.message}</span>
        </p>
        <div className="flex gap-2">
          <Button size="sm" onClick={() => void session.signIn()}>
            Try again
          </Button>
          <Button size="sm" variant="ghost" onClick={session.dismissError}>
            Dismiss
          </Button>
        </div>
      </Alert>
    </div>
  );
}

/**
 * The bar under the header: the dashboard links once the user is authenticated (hidden until
 * then, SPEC §4), or, when a login failed, what went wrong.
 */
export function SubNavigation() {
  const session = useSession();
  if (session.status === 'signed-in') return <DashboardLinks />;
  if (session.status === 'signed-out') return <SignInProblem session={session} />;
  return null;
}
