import { formatMonthlyPrice, LOCAL_CHECKOUT_PREFIX, type Plan } from '@brezza/contract';
import { escapeHtml } from '../../lib/html.js';
import { renderPageShell } from '../../lib/page-shell.js';

/**
 * The local test checkout's pages: server-rendered HTML in the product's look, no script (the
 * CSP allows none inline), and a nonce'd style block. Every dynamic text is escaped.
 */

const STYLE = `
.test{background:#fef3c7;border-bottom:1px solid #fcd34d;color:#78350f;padding:10px 16px;text-align:center;font-size:14px;line-height:1.4}
.test strong{display:inline-block;background:#f59e0b;color:#fff;border-radius:999px;padding:2px 10px;margin-right:8px;font-size:12px;letter-spacing:.06em}
.wrap{flex:1;display:flex;flex-direction:column;width:100%;max-width:960px;margin:0 auto;padding:28px 16px 24px}
.wrap .brand{align-self:flex-start;margin-bottom:24px}
.grid{display:grid;gap:20px}
@media (min-width:768px){.grid{grid-template-columns:1fr 1fr;gap:28px}.wrap{padding-top:48px}}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:28px;box-shadow:0 10px 30px rgba(15,23,42,.08)}
@media (max-width:480px){.card{padding:24px 20px;border-radius:14px}}
.eyebrow{margin:0 0 6px;font-size:13px;font-weight:600;letter-spacing:.08em;text-transform:uppercase;color:#64748b}
h1{margin:0;font-size:30px;letter-spacing:.02em}
.price{margin:12px 0 4px;display:flex;align-items:baseline;gap:4px}
.amount{font-size:40px;font-weight:800}
.per{color:#64748b;font-size:16px}
.desc{margin:0 0 16px;color:#475569}
ul{list-style:none;margin:0;padding:0;display:grid;gap:10px}
li{display:flex;gap:10px;align-items:flex-start;color:#334155}
li::before{content:'';flex:none;width:18px;height:18px;margin-top:2px;border-radius:999px;background:#d9e8ff url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20' fill='%230b5fff'%3E%3Cpath d='M8.1 13.4 4.7 10l-1.2 1.2 4.6 4.6 9-9-1.2-1.2z'/%3E%3C/svg%3E") center/14px no-repeat}
h2{margin:0 0 16px;font-size:18px}
dl{margin:0 0 20px;display:grid;gap:10px}
dl div{display:flex;justify-content:space-between;gap:12px;font-size:15px}
dt{color:#64748b}
dd{margin:0;font-weight:500;text-align:right;overflow-wrap:anywhere}
dl .total{border-top:1px solid #e2e8f0;padding-top:12px;font-size:17px}
dl .total dt{color:#0f172a;font-weight:600}
dl .total dd{font-weight:700}
.note{margin:0 0 20px;padding:12px 14px;border-radius:10px;background:#eef5ff;color:#0a2a66;font-size:14px;line-height:1.5}
form{margin:0}
.actions{display:grid;gap:10px}
button,.button{display:block;width:100%;border-radius:10px;padding:12px 16px;font:inherit;font-weight:600;font-size:16px;text-align:center;cursor:pointer;text-decoration:none}
.pay{background:#0b5fff;color:#fff;border:1px solid #0b5fff}
.pay:hover{background:#0848cc}
.cancel{background:#fff;color:#334155;border:1px solid #cbd5e1}
.cancel:hover{background:#f8fafc}
button:focus-visible,.button:focus-visible{outline:3px solid #2f7bff;outline-offset:2px}
.message{max-width:520px}
.message p{color:#475569;line-height:1.5}
`;

const BANNER =
  '<div class="test" role="note"><strong>TEST CHECKOUT</strong>No payment is taken: this page stands in for Stripe until a Stripe account is configured.</div>';

function layout(options: { title: string; productName: string; styleNonce: string; body: string }) {
  return renderPageShell({
    title: options.title,
    productName: options.productName,
    homeHref: '/',
    style: { css: STYLE, nonce: options.styleNonce },
    layout: 'wrap',
    banner: BANNER,
    body: options.body,
  });
}

export function renderCheckoutPage(options: {
  productName: string;
  styleNonce: string;
  sessionId: string;
  plan: Plan;
  organisationName: string;
}): string {
  const { plan } = options;
  const action = `${LOCAL_CHECKOUT_PREFIX}${encodeURIComponent(options.sessionId)}`;
  const total = `$${plan.monthlyPriceUsd.toFixed(2)}`;
  const bullets = plan.bullets.map((bullet) => `<li>${escapeHtml(bullet)}</li>`).join('');
  return layout({
    title: `Test checkout: ${plan.name}`,
    productName: options.productName,
    styleNonce: options.styleNonce,
    body: `<div class="grid">
<section class="card" aria-labelledby="plan">
<p class="eyebrow">Subscribe to</p>
<h1 id="plan">${escapeHtml(plan.name)}</h1>
<p class="price"><span class="amount">$${plan.monthlyPriceUsd}</span><span class="per">/mo</span></p>
<p class="desc">${escapeHtml(plan.description)}</p>
<ul>${bullets}</ul>
</section>
<section class="card" aria-labelledby="summary">
<h2 id="summary">Order summary</h2>
<dl>
<div><dt>Organisation</dt><dd>${escapeHtml(options.organisationName)}</dd></div>
<div><dt>Plan</dt><dd>${escapeHtml(plan.name)} (${escapeHtml(formatMonthlyPrice(plan))})</dd></div>
<div><dt>Billing</dt><dd>Monthly</dd></div>
<div class="total"><dt>Due today</dt><dd>${total}</dd></div>
</dl>
<p class="note">This is a test checkout. Paying here changes your plan at once; no card is needed and nothing is charged.</p>
<div class="actions">
<form method="post" action="${action}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form>
</div>
</section>
</div>`,
  });
}

export function renderCheckoutMessage(options: {
  productName: string;
  styleNonce: string;
  title: string;
  message: string;
  link: { href: string; label: string };
}): string {
  return layout({
    title: options.title,
    productName: options.productName,
    styleNonce: options.styleNonce,
    body: `<section class="card message">
<h1>${escapeHtml(options.title)}</h1>
<p>${escapeHtml(options.message)}</p>
<a class="button pay" href="${escapeHtml(options.link.href)}">${escapeHtml(options.link.label)}</a>
</section>`,
  });
}
