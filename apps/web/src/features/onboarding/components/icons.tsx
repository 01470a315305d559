/** The section's line icons, on the same 24-unit grid as the shared ones. */
const paths = {
  dice: [
    'M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z',
    'M8.5 8.5h.01',
    'M15.5 8.5h.01',
    'M12 12h.01',
    'M8.5 15.5h.01',
    'M15.5 15.5h.01',
  ],
  copy: ['M9 9h11v11H9z', 'M5 15H4V4h11v1'],
  check: ['M5 12.5l4.5 4.5L19 7.5'],
  terminal: ['M4 5h16v14H4z', 'M8 10l2 2-2 2', 'M13 14h3'],
} as const;

export function OnboardingIcon({ name, className }: { name: keyof typeof paths; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={className ?? 'h-5 w-5'}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {paths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
