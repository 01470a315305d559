import type { AlertHealth } from '@brezza/contract';
import { cx } from '@/components/ui/cx';

const COLOURS = { green: 'bg-emerald-500', yellow: 'bg-amber-400', red: 'bg-red-600' } as const;
const WORDS = { green: 'Healthy', yellow: 'Warning', red: 'Critical' } as const;

/** A node's health from its alerts, rolled up from its children, with the rule that set it. */
export function HealthDot({ health, className }: { health: AlertHealth; className?: string }) {
  const text = health.reason ? `${WORDS[health.colour]}: ${health.reason}` : WORDS[health.colour];
  return (
    <span
      role="img"
      aria-label={text}
      title={text}
      data-health={health.colour}
      className={cx(
        'inline-block h-2.5 w-2.5 shrink-0 rounded-full',
        COLOURS[health.colour],
        className,
      )}
    />
  );
}
