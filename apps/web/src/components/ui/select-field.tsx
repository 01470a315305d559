import { useId, type SelectHTMLAttributes } from 'react';
import { cx } from './cx';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'children'
> {
  label: string;
  options: SelectOption[];
}

/** A labelled native select: keyboard and screen-reader support come with the platform. */
export function SelectField({ label, options, className, id, ...props }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={selectId}
        className={
          'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-ink shadow-sm ' +
          'focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none ' +
          'disabled:bg-slate-50'
        }
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
