import type { AnchorHTMLAttributes } from 'react';

/**
 * A link to another site: it opens in a new tab, and the opened page gets no handle on ours
 * (`noopener`) and no referrer (`noreferrer`).
 */
export function ExternalLink({
  children,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'>) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
