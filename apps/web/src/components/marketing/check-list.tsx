import { Icon } from '@/components/ui/icon';

/** What a feature group or a plan includes, one ticked line each. */
export function CheckList({ items, className }: { items: readonly string[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3 text-slate-700">
          <Icon name="check" className="mt-0.5 h-5 w-5 text-brand-600" />
          {item}
        </li>
      ))}
    </ul>
  );
}
