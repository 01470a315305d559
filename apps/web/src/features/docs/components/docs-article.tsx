import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * A docs page's HTML (our own, built from Markdown). Links to other pages of this site are
 * followed inside the app instead of reloading it.
 */
export function DocsArticle({ html }: { html: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target || !href.startsWith('/') || href.startsWith('//')) {
      return;
    }
    event.preventDefault();
    void navigate(href);
  };
  return (
    // The handler only reroutes clicks on real links, which keep their own keyboard access.
    <article className="docs-prose" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
