import type { HTMLAttributes } from 'react';
import { cx } from './cx';

/** A white, bordered surface with soft corners: the container of most page sections. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cx('rounded-2xl border border-slate-200 bg-white shadow-sm', className)}
      {...props}
    />
  );
}
