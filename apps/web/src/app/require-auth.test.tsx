import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { buildSession } from '@/testing/session';
import { RequireAuth } from './require-auth';

let session = buildSession();
vi.mock('@/lib/auth', () => ({ useSession: () => session }));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/docs', element: <p>Public docs</p> },
      {
        element: <RequireAuth />,
        children: [{ path: '/devices', element: <p>Device Hierarchy</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  session = buildSession();
});

describe('RequireAuth', () => {
  it('waits for the session check before deciding', () => {
    session = buildSession({ status: 'loading' });
    renderAt('/devices');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    expect(session.signIn).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor to login, to come back to the exact page', () => {
    renderAt('/devices?view=table#rack-4');
    expect(session.signIn).toHaveBeenCalledWith({ returnTo: '/devices?view=table#rack-4' });
    expect(screen.queryByText('Device Hierarchy')).not.toBeInTheDocument();
  });

  it('shows the page to a signed-in operator', () => {
    session = buildSession({ status: 'signed-in', userId: 'u', displayName: 'Dana' });
    renderAt('/devices');
    expect(screen.getByText('Device Hierarchy')).toBeInTheDocument();
    expect(session.signIn).not.toHaveBeenCalled();
  });

  it('leaves public pages alone', () => {
    renderAt('/docs');
    expect(screen.getByText('Public docs')).toBeInTheDocument();
    expect(session.signIn).not.toHaveBeenCalled();
  });
});
