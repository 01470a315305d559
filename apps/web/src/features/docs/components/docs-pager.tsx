import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { docsHref, neighbours } from '../utils/docs-pages';

const pagerLinkClassName =
  'group flex flex-col gap-1 rounded-xl border border-slate-200 px-4 py-3 transition hover:border-brand-500 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Previous and next page in reading order, at the end of each page. */
export function DocsPager({ slug }: { slug: string }) {
  const { previous, next } = neighbours(slug);
  return (
    <nav
      aria-label="Previous and next page"
      className="mt-16 grid gap-4 border-t border-slate-200 pt-8 sm:grid-cols-2"
    >
      {previous ? (
        <Link to={docsHref(previous.slug)} className={pagerLinkClassName}>
          <span className="text-xs text-slate-500">Previous</span>
          <span className="flex items-center gap-1.5 font-semibold text-ink group-hover:text-brand-700">
            <Icon name="arrowRight" className="h-4 w-4 rotate-180" />
            {previous.label}
          </span>
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link
          to={docsHref(next.slug)}
          className={`${pagerLinkClassName} sm:items-end sm:text-right`}
        >
          <span className="text-xs text-slate-500">Next</span>
          <span className="flex items-center gap-1.5 font-semibold text-ink group-hover:text-brand-700">
            {next.label}
            <Icon name="arrowRight" className="h-4 w-4" />
          </span>
        </Link>
      )}
    </nav>
  );
}
