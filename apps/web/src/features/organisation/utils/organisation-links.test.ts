import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { organisationLinks, webUrl } from './organisation-links';

const DEFAULT = 'https://grafana.brezza.ai/';

describe('organisationLinks', () => {
  it("uses the organisation's dashboard and AI toolkit when it has them", () => {
    expect(
      organisationLinks(
        { grafana_url: 'https://grafana.acme.test/d/abc', tau_url: 'https://tau.acme.test/' },
        DEFAULT,
      ),
    ).toEqual({
      observabilityUrl: 'https://grafana.acme.test/d/abc',
      aiToolkitUrl: 'https://tau.acme.test/',
    });
  });

  it('keeps the default observability URL and no AI toolkit without settings', () => {
    const expected = { observabilityUrl: DEFAULT, aiToolkitUrl: null };
    expect(organisationLinks(null, DEFAULT)).toEqual(expected);
    expect(organisationLinks(undefined, DEFAULT)).toEqual(expected);
    expect(organisationLinks({ grafana_url: null, tau_url: null }, DEFAULT)).toEqual(expected);
    expect(organisationLinks({ grafana_url: '', tau_url: '' }, DEFAULT)).toEqual(expected);
  });

  it('never turns a non-web address into a link', () => {
    expect(
      organisationLinks(
        { grafana_url: 'javascript:alert(1)', tau_url: 'data:text/html,x' },
        DEFAULT,
      ),
    ).toEqual({ observabilityUrl: DEFAULT, aiToolkitUrl: null });
  });
});

describe('webUrl', () => {
  it('answers only http and https URLs', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string()), (value) => {
        const url = webUrl(value);
        if (url !== null) expect(['http:', 'https:']).toContain(new URL(url).protocol);
      }),
    );
  });

  it('keeps every web URL', () => {
    fc.assert(
      fc.property(fc.webUrl(), (value) => {
        expect(webUrl(value)).not.toBeNull();
      }),
    );
  });
});
