import { DemoBadge } from '@/components/ui/demo-badge';

/** A panel's title, its one-line explanation, and the demo label when the data is simulated. */
export function InsightHeading({
  title,
  detail,
  demo,
}: {
  title: string;
  detail: string;
  demo: boolean;
}) {
  return (
    <div className="border-b border-slate-200 px-4 py-3">
      <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink">
        {title}
        {demo && <DemoBadge />}
      </h3>
      <p className="mt-0.5 text-xs text-slate-500">{detail}</p>
    </div>
  );
}
