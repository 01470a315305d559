import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { DocsNav } from './docs-nav';

function ShowPath() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderNav(path: string, activeSlug: string | null) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <DocsNav activeSlug={activeSlug} />
              <ShowPath />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('DocsNav', () => {
  it('lists the twelve SPEC pages in order, then the register map', () => {
    renderNav('/docs', '');
    const nav = screen.getByRole('navigation', { name: 'Documentation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Home',
      'Guides',
      'Architecture',
      'Configuration File',
      'Hierarchy Overview',
      'PDU & pCDU Hierarchy',
      'pCDU Overview',
      'pCDU Dashboard',
      'pCDU Sensors',
      'pCDU Setpoint Config',
      'pCDU Network Config',
      'pCDU System Health',
      'pCDU Register Map',
      'pCDU Digital Twin',
    ]);
  });

  it('highlights only the current page', () => {
    renderNav('/docs/pcdu-sensors', 'pcdu-sensors');
    const nav = screen.getByRole('navigation', { name: 'Documentation' });
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['pCDU Sensors']);
    expect(current[0]).toHaveClass('bg-brand-50');
  });

  it('highlights Home only on the docs home', () => {
    renderNav('/docs', '');
    const nav = screen.getByRole('navigation', { name: 'Documentation' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Guides' })).not.toHaveAttribute('aria-current');
  });

  it('on phones, the select shows the current page and navigates to the chosen one', async () => {
    renderNav('/docs/guides', 'guides');
    const select = screen.getByRole('combobox', { name: 'Documentation page' });
    expect(select).toHaveValue('guides');
    await userEvent.selectOptions(select, 'pCDU Network Config');
    expect(screen.getByTestId('path')).toHaveTextContent('/docs/pcdu-network-configuration');
  });
});
