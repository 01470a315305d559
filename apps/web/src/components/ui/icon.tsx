import { cx } from './cx';

/** Line icons on a 24-unit grid, drawn with the current text colour. */
const icons = {
  pulse: ['M3 12h4l3-8 4 16 3-8h4'],
  sparkles: [
    'M11 3l1.9 4.9L18 10l-5.1 2.1L11 17l-1.9-4.9L4 10l5.1-2.1z',
    'M18.5 15l.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9z',
  ],
  chart: ['M3 21h18', 'M6 17v-5', 'M11 17V7', 'M16 17v-8', 'M21 17V4'],
  bolt: ['M13 2L4 14h7l-1 8 9-12h-7z'],
  shield: ['M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z', 'M9 12l2 2 4-4'],
  support: [
    'M4 15v-3a8 8 0 0 1 16 0v3',
    'M4 15a2 2 0 0 0 2 2h1v-5H6a2 2 0 0 0-2 2z',
    'M20 15a2 2 0 0 1-2 2h-1v-5h1a2 2 0 0 1 2 2z',
    'M17 17c0 2-2 3-5 3',
  ],
  trend: ['M3 17l6-6 4 4 8-8', 'M15 7h6v6'],
  server: ['M4 4h16v6H4z', 'M4 14h16v6H4z', 'M8 7h.01', 'M8 17h.01'],
  droplet: ['M12 3c3.5 4.5 6 7.8 6 11a6 6 0 0 1-12 0c0-3.2 2.5-6.5 6-11z'],
  plug: ['M9 3v5', 'M15 3v5', 'M6 8h12v3a6 6 0 0 1-12 0z', 'M12 17v4'],
  layers: ['M12 3l9 5-9 5-9-5z', 'M3 13l9 5 9-5'],
  terminal: ['M4 5h16v14H4z', 'M8 10l2 2-2 2', 'M13 14h3'],
  check: ['M5 12.5l4.5 4.5L19 7.5'],
  arrowRight: ['M5 12h14', 'M13 6l6 6-6 6'],
  book: ['M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2z', 'M4 19V5'],
  diagram: ['M4 4h6v5H4z', 'M14 15h6v5h-6z', 'M14 4h6v5h-6z', 'M7 9v3h10V9', 'M17 12v3'],
  plus: ['M12 5v14', 'M5 12h14'],
  pencil: ['M4 20h4L19 9l-4-4L4 16z', 'M13.5 6.5l4 4'],
  trash: ['M4 7h16', 'M9 7V4h6v3', 'M6 7l1 13h10l1-13', 'M10 11v6', 'M14 11v6'],
  chevron: ['M9 6l6 6-6 6'],
  grip: ['M9 6h.01', 'M15 6h.01', 'M9 12h.01', 'M15 12h.01', 'M9 18h.01', 'M15 18h.01'],
  sortUp: ['M12 5l-4 5h8z'],
  sortDown: ['M12 19l-4-5h8z'],
  copy: ['M9 9h11v11H9z', 'M5 15H4V4h11v1'],
  dice: [
    'M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z',
    'M8.5 8.5h.01',
    'M15.5 8.5h.01',
    'M12 12h.01',
    'M8.5 15.5h.01',
    'M15.5 15.5h.01',
  ],
} as const;

export type IconName = keyof typeof icons;

/**
 * `className` sets the size too (default 24 px), so callers never fight over it. Small icons
 * (16 px and less) read better with a heavier `strokeWidth`.
 */
export function Icon({
  name,
  className = 'h-6 w-6',
  strokeWidth = 1.8,
}: {
  name: IconName;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={cx('shrink-0', className)}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {icons[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
