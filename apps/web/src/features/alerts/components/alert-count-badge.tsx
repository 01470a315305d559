import { useAlertCount } from '../hooks/use-alert-count';

/**
 * The number of firing alerts nobody silenced, on the sub-navigation's Alerts link; nothing
 * while there are none. Loaded lazily by the navigation: the alerts contract (and zod) stay out
 * of every page's first load (issue 10 budget).
 */
export function AlertCountBadge() {
  const firing = useAlertCount();
  if (firing === 0) return null;
  return (
    <span
      className="min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs font-semibold text-white"
      aria-label={`${firing} firing`}
      data-alert-badge
    >
      {firing}
    </span>
  );
}
