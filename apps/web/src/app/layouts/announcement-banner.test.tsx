import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Banner } from '@brezza/contract';
import { AppConfigProvider } from '@/lib/runtime-config';
import { buildAppConfig } from '@/testing/app-config';
import {
  AnnouncementBanner,
  BANNER_DISMISSED_KEY,
  isBannerDismissed,
  rememberBannerDismissed,
} from './announcement-banner';

function renderBanner(banner: Banner | null) {
  return render(
    <AppConfigProvider config={buildAppConfig({ banner })}>
      <AnnouncementBanner />
    </AppConfigProvider>,
  );
}

const announcement = { text: 'Brezza 2.0 is here', url: 'https://brezza.test/news' };

describe('AnnouncementBanner', () => {
  afterEach(() => window.localStorage.clear());

  it('shows nothing when no banner is configured', () => {
    renderBanner(null);
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).not.toBeInTheDocument();
  });

  it('shows the configured text as a link that opens in a new tab', () => {
    renderBanner(announcement);
    const link = screen.getByRole('link', { name: /Brezza 2.0 is here/ });
    expect(link).toHaveAttribute('href', announcement.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows plain text when the banner has no link', () => {
    renderBanner({ text: 'Maintenance on Sunday', url: null });
    expect(screen.getByRole('complementary', { name: 'Announcement' })).toHaveTextContent(
      'Maintenance on Sunday',
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('hides the banner when dismissed and remembers it for the same text', async () => {
    const { unmount } = renderBanner(announcement);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(BANNER_DISMISSED_KEY)).toBe(announcement.text);
    unmount();

    renderBanner(announcement);
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).not.toBeInTheDocument();
  });

  it('shows a new announcement even after an earlier one was dismissed', () => {
    window.localStorage.setItem(BANNER_DISMISSED_KEY, 'An older announcement');
    renderBanner(announcement);
    expect(screen.getByRole('complementary', { name: 'Announcement' })).toBeInTheDocument();
  });
});

describe('banner storage', () => {
  const failing: Pick<Storage, 'getItem' | 'setItem'> = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('quota');
    },
  };

  it('treats unreadable or missing storage as not dismissed', () => {
    expect(isBannerDismissed(failing, 'x')).toBe(false);
    expect(isBannerDismissed(null, 'x')).toBe(false);
  });

  it('does not throw when storage refuses writes', () => {
    expect(() => rememberBannerDismissed(failing, 'x')).not.toThrow();
    expect(() => rememberBannerDismissed(null, 'x')).not.toThrow();
  });
});
