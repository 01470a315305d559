import { useId, type InputHTMLAttributes } from 'react';
import { cx } from './cx';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** A short help text under the field, read out with it. */
  hint?: string;
}

/** A labelled input; the browser's own checks (`required`, `type="email"`) stay in charge. */
export function TextField({ label, hint, className, id, ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={inputId}
        aria-describedby={hintId}
        className={
          'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-ink shadow-sm ' +
          'placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 ' +
          'focus:outline-none disabled:bg-slate-50'
        }
        {...props}
      />
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
