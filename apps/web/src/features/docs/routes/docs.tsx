import { Link, useLocation, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/runtime-config';
import { DocsArticle } from '../components/docs-article';
import { DocsHomeCards } from '../components/docs-home-cards';
import { DocsNav } from '../components/docs-nav';
import { DocsPager } from '../components/docs-pager';
import { useDocsTitle, useScrollToPageStart } from '../hooks/use-docs-page-effects';
import { docsHref, docsSections, findDocsPage, withProductName } from '../utils/docs-pages';

function DocsTopics() {
  const sections = docsSections().filter(({ section }) => section !== 'Getting started');
  return (
    <section aria-labelledby="docs-topics" className="mt-12">
      <h2 id="docs-topics" className="text-xl font-semibold text-ink">
        Browse by topic
      </h2>
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        {sections.map(({ section, pages }) => (
          <div key={section}>
            <h3 className="text-sm font-semibold text-slate-500">{section}</h3>
            <ul className="mt-2 space-y-1.5">
              {pages.map((page) => (
                <li key={page.slug}>
                  <Link
                    to={docsHref(page.slug)}
                    className="rounded text-brand-700 hover:text-brand-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {page.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

function DocsNotFound() {
  return (
    <div className="py-8">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Page not found</h1>
      <p className="mt-4 text-slate-600">
        There is no documentation page at this address. Pick a page from the navigation, or start at
        the{' '}
        <Link to={paths.docs} className="font-semibold text-brand-700 hover:underline">
          documentation home
        </Link>
        .
      </p>
    </div>
  );
}

/** `/docs/*`: the documentation area (SPEC §2), every page deep-linkable. */
export function DocsRoute() {
  const { productName } = useAppConfig();
  const { hash } = useLocation();
  const page = findDocsPage(useParams()['*']);
  useDocsTitle(page?.label ?? 'Page not found', productName);
  useScrollToPageStart(page?.slug ?? 'not-found', hash);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12 lg:px-8 lg:py-12">
      <aside className="lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
        <DocsNav activeSlug={page?.slug ?? null} />
      </aside>
      <main className="mt-8 min-w-0 lg:mt-0">
        {page ? (
          <div className="max-w-3xl">
            <DocsArticle html={withProductName(page.html, productName)} />
            {page.slug === '' && (
              <>
                <DocsHomeCards />
                <DocsTopics />
              </>
            )}
            <DocsPager slug={page.slug} />
          </div>
        ) : (
          <DocsNotFound />
        )}
      </main>
    </div>
  );
}
