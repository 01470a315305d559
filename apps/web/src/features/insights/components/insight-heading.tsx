import { DEMO_DATA_EXPLANATION, DEMO_DATA_LABEL } from '@brezza/contract';

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
        {demo && (
          <span
            title={DEMO_DATA_EXPLANATION}
            className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-300"
          >
            {DEMO_DATA_LABEL}
          </span>
        )}
      </h3>
      <p className="mt-0.5 text-xs text-slate-500">{detail}</p>
    </div>
  );
}
