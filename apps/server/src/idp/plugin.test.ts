import { describe, expect, it } from 'vitest';
import { bridgeLogoutPath, stripPrefix, throttleMessage } from './plugin.js';

describe('the /idp mount', () => {
  it('strips the prefix and keeps the query', () => {
    expect(stripPrefix('/idp/authorize?x=1')).toBe('/authorize?x=1');
    expect(stripPrefix('/idp')).toBe('/');
    expect(stripPrefix('/idp?x=1')).toBe('/?x=1');
  });

  it('turns Auth0 returnTo into post_logout_redirect_uri on /v2/logout only', () => {
    const bridged = new URL(
      bridgeLogoutPath(
        '/v2/logout?client_id=brezza-web&returnTo=http%3A%2F%2Flocalhost%2Flogged-out',
      ),
      'http://x',
    );
    expect(bridged.searchParams.get('post_logout_redirect_uri')).toBe(
      'http://localhost/logged-out',
    );
    expect(bridged.searchParams.has('returnTo')).toBe(false);
    expect(bridged.searchParams.get('client_id')).toBe('brezza-web');
    expect(bridgeLogoutPath('/authorize?returnTo=x')).toBe('/authorize?returnTo=x');
  });

  it('words the wait in seconds or minutes', () => {
    expect(throttleMessage(1)).toBe('Too many failed sign-ins. Try again in 1 second.');
    expect(throttleMessage(30)).toBe('Too many failed sign-ins. Try again in 30 seconds.');
    expect(throttleMessage(61)).toBe('Too many failed sign-ins. Try again in 2 minutes.');
  });
});
