import { useEffect } from 'react';

/** Names the browser tab after the page, and restores the product name when leaving the docs. */
export function useDocsTitle(pageTitle: string, productName: string) {
  useEffect(() => {
    document.title = `${pageTitle} · ${productName} Docs`;
    return () => {
      document.title = productName;
    };
  }, [pageTitle, productName]);
}

/**
 * Opening another docs page starts at its top, or at the heading its address names (`#…`):
 * the content is rendered by the app, so the browser cannot find that heading by itself.
 */
export function useScrollToPageStart(pageKey: string, hash: string) {
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo({ top: 0, behavior: 'instant' });
  }, [pageKey, hash]);
}
