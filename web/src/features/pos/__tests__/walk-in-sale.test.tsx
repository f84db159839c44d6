import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import type { InvoiceCreated } from '@/lib/api/types';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi } from '@/testing/mock-api';
import { cashierRoutes, customerBody, makeCustomer, makeInvoiceCreated } from '@/testing/pos-fixtures';
import { renderApp } from '@/testing/render-app';

// A sale without a customer (issue #38): the same form, no customer, `walk_in: true`, and a
// receipt whose QR code carries the claim link; a member's receipt carries its page's.

const CLAIM_URL = 'http://127.0.0.1:8080/claim/0b8e5d2c7a9f41e6b3d0c8a5f2e94b71';
const PAGE_URL = 'http://127.0.0.1:8080/me/6f1d0c9a4b7e42d8a3c5e0f9b2d47a16';

function walkInSold(): InvoiceCreated {
  const made = makeInvoiceCreated(0, 0);
  return {
    ...made,
    invoice: { ...made.invoice, customer: null },
    claim_url: CLAIM_URL,
    claim: { points: 20, expires_at: '2026-12-11T09:30:00Z' },
    customer_page_url: null,
  };
}

async function signedIn(language: 'en' | 'ar' = 'en') {
  await i18n.changeLanguage(language);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
}

describe('a sale without a customer', () => {
  it('sends walk_in with no customer, with an Idempotency-Key, and the receipt carries the claim QR', async () => {
    await signedIn();
    const api = mockApi(cashierRoutes({ 'POST /api/v1/invoices': () => json({ data: walkInSold() }, 201) }));
    const app = renderApp('/create-invoice');
    await screen.findByTestId('create-invoice-form');

    await app.user.click(screen.getByRole('button', { name: 'Sale without a customer' }));
    expect(screen.getByTestId('walk-in-notice')).toBeInTheDocument();
    expect(screen.queryByLabelText('Customer')).not.toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/Total Cost/), '20');
    await app.user.click(screen.getByRole('button', { name: 'Create Invoice' }));

    expect(
      await screen.findByText("Sale recorded. The buyer scans the receipt's QR code to get its points."),
    ).toBeInTheDocument();
    const [request] = api.requestsTo('POST /api/v1/invoices');
    expect(request!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await request!.clone().json()).toEqual({ walk_in: true, invoice_id: null, total_cost: '20.000' });

    const receipt = screen.getByTestId('receipt');
    expect(receipt).toHaveTextContent('None (walk-in)');
    expect(within(receipt).queryByTestId('receipt-balance')).not.toBeInTheDocument();
    expect(within(receipt).getByTestId('receipt-claim-url')).toHaveTextContent(CLAIM_URL);
    // What waits behind the QR code, and until when, as the server answered.
    expect(within(receipt).getByTestId('receipt-claim-waiting')).toHaveTextContent(
      '20 points wait for you: claim them by Dec 11, 2026.',
    );
    const qr = within(receipt).getByRole('img', { name: "QR code to claim this sale's points" });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(screen.getByTestId('claim-link')).toHaveAttribute('href', CLAIM_URL);
    expect(
      within(screen.getByTestId('claim-share')).getByRole('button', { name: 'Copy link' }),
    ).toBeInTheDocument();
    // The next sale is a walk-in again until the cashier chooses a customer.
    expect(screen.getByTestId('walk-in-notice')).toBeInTheDocument();
    expect(screen.getByLabelText(/Total Cost/)).toHaveValue('');
  });

  it("shows the server's refusal under the field and keeps the sale's key for the retry", async () => {
    await signedIn();
    let refuse = true;
    const api = mockApi(
      cashierRoutes({
        'POST /api/v1/invoices': () =>
          refuse
            ? json(
                {
                  message: 'The given data was invalid.',
                  code: 'validation_failed',
                  errors: { total_cost: ['The total is above the store’s maximum of LYD 10,000.000.'] },
                },
                422,
              )
            : json({ data: walkInSold() }, 201),
      }),
    );
    const app = renderApp('/create-invoice');
    await screen.findByTestId('create-invoice-form');
    await app.user.click(screen.getByRole('button', { name: 'Sale without a customer' }));
    await app.user.type(screen.getByLabelText(/Total Cost/), '20');
    await app.user.click(screen.getByRole('button', { name: 'Create Invoice' }));

    expect(
      await screen.findByText('The total is above the store’s maximum of LYD 10,000.000.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Total Cost/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Total Cost/)).toHaveValue('20');
    expect(screen.queryByTestId('receipt')).not.toBeInTheDocument();

    refuse = false;
    await app.user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    await screen.findByTestId('receipt');
    const [first, second] = api.requestsTo('POST /api/v1/invoices');
    expect(second!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'));
  });

  it('refuses a wrong total before sending, like any sale', async () => {
    await signedIn();
    const api = mockApi(cashierRoutes());
    const app = renderApp('/create-invoice');
    await screen.findByTestId('create-invoice-form');
    await app.user.click(screen.getByRole('button', { name: 'Sale without a customer' }));
    await app.user.type(screen.getByLabelText(/Total Cost/), '12,5');
    await app.user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    expect(
      await screen.findByText('Enter an amount such as 12.500 (at most 3 decimals)'),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST /api/v1/invoices')).toHaveLength(0);
  });

  it('opens from its dashboard tile, in Arabic, with the QR code named in Arabic', async () => {
    await signedIn('ar');
    mockApi(cashierRoutes({ 'POST /api/v1/invoices': () => json({ data: walkInSold() }, 201) }));
    const app = renderApp('/dashboard');
    await app.user.click(await screen.findByTestId('tile-walkInSale', {}, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'بيع بدون عميل' });
    expect(within(dialog).getByTestId('walk-in-notice')).toBeInTheDocument();
    await app.user.type(within(dialog).getByLabelText(/إجمالي المبلغ/), '٢٠');
    await app.user.click(within(dialog).getByRole('button', { name: 'إنشاء الفاتورة' }));
    const receipt = await within(dialog).findByTestId('receipt');
    expect(receipt).toHaveTextContent('بدون عميل');
    expect(within(receipt).getByRole('img', { name: 'رمز QR لطلب نقاط هذه الفاتورة' })).toBeInTheDocument();
    // Choosing a customer brings the search back.
    await app.user.click(within(dialog).getByRole('button', { name: 'اختر عميلًا بدلًا من ذلك' }));
    await waitFor(() => expect(within(dialog).queryByTestId('walk-in-notice')).not.toBeInTheDocument());
  });
});

describe("a member's receipt", () => {
  it("carries a QR code of the customer's page beside the link", async () => {
    await signedIn();
    const fatima = makeCustomer({ id: 1, name: 'Fatima Alsharif', loyalty_points: 120 });
    mockApi(
      cashierRoutes({
        'GET /api/v1/customers/1': () => json(customerBody(fatima)),
        'POST /api/v1/invoices': () =>
          json({ data: { ...makeInvoiceCreated(25, 145), customer_page_url: PAGE_URL } }, 201),
      }),
    );
    const app = renderApp('/create-invoice?customer_id=1');
    await screen.findByTestId('selected-customer');
    await app.user.type(screen.getByLabelText(/Total Cost/), '25');
    await app.user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    const receipt = await screen.findByTestId('receipt');
    expect(
      within(receipt).getByRole('img', { name: "QR code of the customer's points page" }),
    ).toBeInTheDocument();
    expect(within(receipt).getByTestId('receipt-page-url')).toHaveTextContent(PAGE_URL);
    expect(screen.getByTestId('customer-page-link')).toHaveAttribute('href', PAGE_URL);
    expect(screen.queryByTestId('claim-link')).not.toBeInTheDocument();
  });
});
