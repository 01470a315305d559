import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cx } from '@/components/ui/cx';

export const textLinkClassName =
  'rounded font-semibold text-brand-700 hover:text-brand-900 hover:underline underline-offset-4 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link className={cx(textLinkClassName, className)} {...props} />;
}
