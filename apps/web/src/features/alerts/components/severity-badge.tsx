import { SEVERITY_LABELS, type Severity } from '@brezza/contract';

const TONES: Record<Severity, string> = {
  critical: 'bg-red-50 text-red-700 ring-red-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
};

export function SeverityBadge({ severity }: { severity: Severity }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${TONES[severity]}`}>
      {SEVERITY_LABELS[severity]}
    </span>
  );
}
