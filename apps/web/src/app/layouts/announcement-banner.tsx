import { useState, useSyncExternalStore } from 'react';
import type { Banner } from '@brezza/contract';
import { useAppConfig } from '@/lib/runtime-config';
import { ExternalLink } from '@/components/ui/external-link';
import { useHydrated } from '@/hooks/use-hydrated';

/** Holds the text of the last banner the user dismissed: a new text shows again. */
export const BANNER_DISMISSED_KEY = 'brezza.announcement-dismissed';

type BannerStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Storage may be missing or refuse access (private modes); the banner then simply shows. */
function browserStorage(): BannerStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function isBannerDismissed(storage: BannerStorage | null, text: string): boolean {
  try {
    return storage?.getItem(BANNER_DISMISSED_KEY) === text;
  } catch {
    return false;
  }
}

export function rememberBannerDismissed(storage: BannerStorage | null, text: string): void {
  try {
    storage?.setItem(BANNER_DISMISSED_KEY, text);
  } catch {
    // Full or blocked storage: the banner is hidden for this visit only.
  }
}

/** Dismissals are read once per render; another tab's dismissal shows at the next visit. */
const subscribeToNothing = () => () => {};

function DismissibleBanner({ banner }: { banner: Banner }) {
  // The server's prerendered page shows the banner (it cannot see this browser's storage);
  // hydration starts from that and then hides a dismissed banner.
  const dismissedBefore = useSyncExternalStore(
    subscribeToNothing,
    () => isBannerDismissed(browserStorage(), banner.text),
    () => false,
  );
  const [dismissedNow, setDismissedNow] = useState(false);
  // A click before the script has arrived would be lost: the button waits for it.
  const hydrated = useHydrated();
  if (dismissedBefore || dismissedNow) return null;
  const dismiss = () => {
    rememberBannerDismissed(browserStorage(), banner.text);
    setDismissedNow(true);
  };
  return (
    <aside aria-label="Announcement" className="relative z-50 bg-brand-900 text-white">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2.5 text-sm sm:px-6 lg:px-8">
        <p className="flex-1 text-center">
          {banner.url ? (
            <ExternalLink
              href={banner.url}
              className="font-medium underline decoration-white/40 underline-offset-4 hover:decoration-white focus-visible:outline-2 focus-visible:outline-white"
            >
              {banner.text} <span aria-hidden="true">→</span>
            </ExternalLink>
          ) : (
            banner.text
          )}
        </p>
        <button
          type="button"
          onClick={dismiss}
          disabled={!hydrated}
          className="-my-1 rounded-md p-1.5 text-white/80 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        >
          <span className="sr-only">Dismiss announcement</span>
          <svg viewBox="0 0 20 20" aria-hidden="true" className="h-4 w-4">
            <path
              d="M5 5l10 10M15 5L5 15"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </div>
    </aside>
  );
}

/** The configured announcement (if any) above the header, until the user dismisses it. */
export function AnnouncementBanner() {
  const { banner } = useAppConfig();
  if (!banner) return null;
  return <DismissibleBanner key={banner.text} banner={banner} />;
}
