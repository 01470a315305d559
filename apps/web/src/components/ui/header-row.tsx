import { cx } from './cx';

/** A table's row of column heads; the columns named in `alignRight` hold numbers. */
export function HeaderRow({
  labels,
  className,
  alignRight = [],
}: {
  labels: readonly string[];
  className: string;
  alignRight?: readonly string[];
}) {
  return (
    <tr>
      {labels.map((label) => (
        <th
          key={label}
          scope="col"
          className={cx(className, alignRight.includes(label) ? 'text-right' : 'text-left')}
        >
          {label}
        </th>
      ))}
    </tr>
  );
}
