import { formatMoney } from '@platform/contracts';
import type { PaymentRow } from './demo-gateway.repository';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d2330;margin:0;display:flex;
min-height:100vh;align-items:center;justify-content:center}main{background:#fff;border-radius:12px;padding:32px;
box-shadow:0 4px 24px rgba(0,0,0,.08);width:min(420px,92vw)}h1{font-size:1.1rem;margin:0 0 4px}
.muted{color:#667085;font-size:.9rem}.amount{font-size:2rem;font-weight:700;margin:24px 0}
.actions{display:flex;gap:12px}button{flex:1;font-size:1rem;padding:12px;border-radius:8px;border:1px solid #c8ccd4;
background:#fff;cursor:pointer}button.pay{background:#1f7a4d;border-color:#1f7a4d;color:#fff}dl{display:grid;
grid-template-columns:auto 1fr;gap:4px 12px;font-size:.9rem}dt{color:#667085}dd{margin:0}`;

const layout = (title: string, body: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

/**
 * The gateway's own payment page: server-rendered, no script at all (the CSP allows none inline), a plain form whose
 * two buttons post back to the gateway.
 */
export const paymentPage = (payment: PaymentRow, action: string): string => {
  const amount = `${escapeHtml(payment.currency)} ${formatMoney(payment.amountMinor, payment.currencyScale)}`;
  const closed = payment.status !== 'CREATED';
  return layout(
    'Demo Pay',
    `<h1>Demo Pay</h1><p class="muted">A demonstration payment gateway. No real money moves.</p>
<div class="amount" data-testid="demo-gateway-amount">${amount}</div>
<dl><dt>Merchant</dt><dd data-testid="demo-gateway-merchant">${escapeHtml(payment.merchantName)}</dd>
<dt>Order</dt><dd>${escapeHtml(payment.merchantOrderNo)}</dd>
<dt>Payment</dt><dd>${escapeHtml(payment.id)}</dd>
<dt>Status</dt><dd data-testid="demo-gateway-status">${escapeHtml(payment.status)}</dd></dl>
${
  closed
    ? `<p><a href="${escapeHtml(payment.returnUrl)}">Back to the merchant</a></p>`
    : `<form method="post" action="${escapeHtml(action)}" class="actions">
<button type="submit" name="action" value="cancel" data-testid="demo-gateway-cancel">Cancel</button>
<button type="submit" name="action" value="pay" class="pay" data-testid="demo-gateway-pay">Pay ${amount}</button>
</form>`
}`,
  );
};

export const notFoundPage = (): string =>
  layout('Demo Pay', '<h1>Demo Pay</h1><p>This payment does not exist or has expired.</p>');
