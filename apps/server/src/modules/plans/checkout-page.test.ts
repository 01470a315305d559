import { describe, expect, it } from 'vitest';
import { planById } from '@brezza/contract';
import { renderCheckoutMessage, renderCheckoutPage } from './checkout-page.js';

describe('renderCheckoutPage', () => {
  const html = renderCheckoutPage({
    productName: 'Brezza',
    styleNonce: 'n0nce',
    sessionId: 'cs_local_abc',
    plan: planById('platino'),
    organisationName: '<img src=x onerror=alert(1)>',
  });

  it('is clearly a test checkout showing the plan, its price, Pay and Cancel', () => {
    expect(html).toContain('TEST CHECKOUT');
    expect(html).toContain('<title>Test checkout: PLATINO · Brezza</title>');
    expect(html).toContain('<span class="amount">$299</span><span class="per">/mo</span>');
    expect(html).toContain('<dd>$299.00</dd>');
    for (const bullet of planById('platino').bullets) expect(html).toContain(`<li>${bullet}</li>`);
    expect(html).toContain(
      '<form method="post" action="/checkout/cs_local_abc/pay"><button class="pay" type="submit">Pay</button></form>',
    );
    expect(html).toContain('action="/checkout/cs_local_abc/cancel"');
  });

  it('escapes what it shows and carries no script', () => {
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('<style nonce="n0nce">');
  });
});

describe('renderCheckoutMessage', () => {
  it('shows the title, the message and one way on', () => {
    const html = renderCheckoutMessage({
      productName: 'Brezza',
      styleNonce: 'n',
      title: 'Checkout closed',
      message: 'This checkout was cancelled & gone.',
      link: { href: '/cancel', label: 'Back to plans' },
    });
    expect(html).toContain('<h1>Checkout closed</h1>');
    expect(html).toContain('cancelled &amp; gone.');
    expect(html).toContain('<a class="button pay" href="/cancel">Back to plans</a>');
  });
});
