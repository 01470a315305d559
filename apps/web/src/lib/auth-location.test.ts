import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  currentPath,
  hasCallbackParams,
  safeReturnTo,
  withoutCallbackParams,
} from './auth-location';

/** Paths that start like ours, followed by anything, control characters included. */
const slashStartedJunk = fc
  .tuple(fc.constantFrom('/', '//', '/\\', '\\'), fc.string({ unit: 'binary-ascii' }))
  .map(([start, rest]) => `${start}${rest}`);

describe('safeReturnTo', () => {
  it('keeps paths on this site, with their query and hash', () => {
    expect(safeReturnTo('/devices?view=table#rack-3')).toBe('/devices?view=table#rack-3');
    expect(safeReturnTo('/')).toBe('/');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    '/\t/evil.example',
    'devices',
    '',
    undefined,
    42,
  ])('refuses %s', (value) => {
    expect(safeReturnTo(value, '/home')).toBe('/home');
  });

  it('only ever answers a same-origin path', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.webPath(), slashStartedJunk), (value) => {
        const target = safeReturnTo(value);
        // Resolved against our origin, the target never leaves it.
        expect(new URL(target, 'https://app.example').origin).toBe('https://app.example');
      }),
    );
  });

  it('keeps every plain absolute path unchanged', () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        fc.pre(path.startsWith('/') && !path.startsWith('//'));
        expect(safeReturnTo(path)).toBe(path);
      }),
    );
  });
});

describe('callback parameters', () => {
  it('removes what the provider added and keeps the rest', () => {
    expect(withoutCallbackParams('?code=abc&state=xyz')).toBe('');
    expect(withoutCallbackParams('?error=access_denied&state=s&tab=2')).toBe('?tab=2');
    expect(hasCallbackParams('?error=login_required&state=s')).toBe(true);
    expect(hasCallbackParams('?tab=2')).toBe(false);
  });

  it('joins path, query and hash', () => {
    expect(currentPath({ pathname: '/stripe', search: '?plan=oro', hash: '#top' })).toBe(
      '/stripe?plan=oro#top',
    );
  });
});
