import { useEffect } from 'react';

/** A docs page's browser tab title; the server's prerendered page carries the same. */
export const docsPageTitle = (pageTitle: string, productName: string) =>
  `${pageTitle} · ${productName} Docs`;

/** Names the browser tab after the page, and restores the product name when leaving the docs. */
export function useDocsTitle(pageTitle: string, productName: string) {
  useEffect(() => {
    document.title = docsPageTitle(pageTitle, productName);
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
