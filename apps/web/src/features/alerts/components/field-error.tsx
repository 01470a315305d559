import { cx } from '@/components/ui/cx';

/** The server's message about one field, under that field. */
export function FieldError({ message, className }: { message?: string; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={cx('text-sm text-red-700', className)}>
      {message}
    </p>
  );
}
