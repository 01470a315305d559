import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EMPTY_LISTS } from '../utils/hierarchy';
import { useDeviceFilter } from './use-device-filter';

function renderFilter(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ search: useDeviceFilter(EMPTY_LISTS), location: useLocation() }), {
    wrapper,
  });
}

const paramsOf = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('useDeviceFilter', () => {
  it('keeps a search typed just before a filter is picked (both land in the URL)', () => {
    const { result } = renderFilter('/devices?q=10.0');
    act(() => {
      // Both before the router's params catch up, as when a person picks right after typing.
      result.current.search.onQuery('0.0.0.0/0');
      result.current.search.setFilter({ placement: 'unassigned' });
    });
    expect(paramsOf(result.current.location.search)).toEqual({
      q: '0.0.0.0/0',
      placement: 'unassigned',
    });
    expect(result.current.search.filter).toMatchObject({
      query: '0.0.0.0/0',
      placement: 'unassigned',
    });
  });

  it('changes only the filters it is given, and clears them all', () => {
    const { result } = renderFilter('/devices?q=web&type=pdu&view=table');
    act(() => result.current.search.setFilter({ status: 'offline' }));
    expect(paramsOf(result.current.location.search)).toEqual({
      q: 'web',
      type: 'pdu',
      status: 'offline',
      view: 'table',
    });
    act(() => {
      result.current.search.onQuery('');
      result.current.search.setFilter({ type: null, status: null, placement: null });
    });
    expect(paramsOf(result.current.location.search)).toEqual({ view: 'table' });
  });
});
