import { beforeEach, describe, expect, it } from 'vitest';
import { isGrafanaLinked, markGrafanaLinked } from './link-grafana-flag';

describe('link-grafana flag', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('is kept per user', () => {
    markGrafanaLinked(window.sessionStorage, 'user-a');
    expect(isGrafanaLinked(window.sessionStorage, 'user-a')).toBe(true);
    expect(isGrafanaLinked(window.sessionStorage, 'user-b')).toBe(false);
  });

  it('treats storage that refuses access as not linked', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(() => markGrafanaLinked(refusing, 'user-a')).not.toThrow();
    expect(isGrafanaLinked(refusing, 'user-a')).toBe(false);
  });
});
