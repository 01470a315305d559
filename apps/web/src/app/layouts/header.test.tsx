import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { buildSession } from '@/testing/session';
import { AppConfigProvider } from '@/lib/runtime-config';
import { buildAppConfig } from '@/testing/app-config';
import { Header, HEADER_SCROLL_THRESHOLD_PX } from './header';

const session = buildSession();

// The header only reads the session; the login client itself is exercised by the browser tests.
vi.mock('@/lib/auth', () => ({ useSession: () => session }));

function renderHeader() {
  return render(
    <AppConfigProvider config={buildAppConfig()}>
      <MemoryRouter>
        <Header />
      </MemoryRouter>
    </AppConfigProvider>,
  );
}

function scrollTo(y: number) {
  act(() => {
    window.scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('Header', () => {
  beforeEach(() => {
    Object.assign(session, { status: 'signed-out', displayName: null });
    window.scrollY = 0;
  });
  afterEach(() => {
    window.scrollY = 0;
  });

  it('is transparent at the top and turns white with a shadow past 10 px (SPEC §9)', () => {
    expect(HEADER_SCROLL_THRESHOLD_PX).toBe(10);
    renderHeader();
    const header = screen.getByRole('banner');
    expect(header).toHaveClass('bg-transparent');
    expect(header).not.toHaveClass('shadow-md');

    scrollTo(10);
    expect(header).toHaveAttribute('data-scrolled', 'false');

    scrollTo(11);
    expect(header).toHaveAttribute('data-scrolled', 'true');
    expect(header).toHaveClass('bg-white', 'shadow-md');

    scrollTo(0);
    expect(header).toHaveClass('bg-transparent');
  });

  it('offers Sign in and an external Request Demo when signed out', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('Docs');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    const demo = screen.getByRole('link', { name: /Request Demo/ });
    expect(demo).toHaveAttribute('href', 'https://brezza.test/request-demo');
    expect(demo).toHaveAttribute('target', '_blank');
    expect(demo.getAttribute('rel')).toContain('noopener');
  });

  it('shows the display name and Sign out when signed in', async () => {
    Object.assign(session, { status: 'signed-in', displayName: 'Ada Operator' });
    renderHeader();
    expect(screen.getByText('Ada Operator')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(session.signOut).toHaveBeenCalled();
  });

  it("holds the account actions' place, hidden, while the session is loading", () => {
    Object.assign(session, { status: 'loading' });
    renderHeader();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('opens a menu on phones, which turns the header white', async () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(document.getElementById('mobile-menu')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveClass('bg-white');
  });
});
