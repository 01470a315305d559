import { DEMO_DATA_EXPLANATION, DEMO_DATA_LABEL } from '@brezza/contract';

/** Marks the demo organisation's simulated figures wherever they show. */
export function DemoBadge() {
  return (
    <span
      title={DEMO_DATA_EXPLANATION}
      className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-300"
    >
      {DEMO_DATA_LABEL}
    </span>
  );
}
