import { NavLink, useNavigate } from 'react-router';
import { cx } from '@/components/ui/cx';
import { useHydrated } from '@/hooks/use-hydrated';
import { docsHref, docsSections } from '../utils/docs-pages';

/** The docs navigation: a sidebar on wide screens, a select on phones. */
export function DocsNav({ activeSlug }: { activeSlug: string | null }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const sections = docsSections();
  return (
    <>
      <div className="lg:hidden">
        <label htmlFor="docs-page" className="text-sm font-medium text-slate-700">
          Documentation page
        </label>
        <select
          id="docs-page"
          value={activeSlug ?? ''}
          onChange={(event) => void navigate(docsHref(event.target.value))}
          disabled={!hydrated}
          className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-ink shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
        >
          {sections.map(({ section, pages }) => (
            <optgroup key={section} label={section}>
              {pages.map((page) => (
                <option key={page.slug} value={page.slug}>
                  {page.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <nav aria-label="Documentation" className="hidden lg:block">
        {sections.map(({ section, pages }) => (
          <div key={section} className="mb-6">
            <p className="px-3 text-sm font-semibold text-ink">{section}</p>
            <ul className="mt-2 space-y-0.5">
              {pages.map((page) => (
                <li key={page.slug}>
                  <NavLink
                    to={docsHref(page.slug)}
                    end
                    className={({ isActive }) =>
                      cx(
                        'block rounded-lg border-l-2 px-3 py-1.5 text-sm transition-colors',
                        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                        isActive
                          ? 'border-brand-600 bg-brand-50 font-semibold text-brand-700'
                          : 'border-transparent text-slate-600 hover:bg-slate-50 hover:text-ink',
                      )
                    }
                  >
                    {page.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </>
  );
}
