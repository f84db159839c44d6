import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi } from '@/testing/mock-api';
import { cashierRoutes, customerBody, makeCustomer, makeInvoiceCreated } from '@/testing/pos-fixtures';
import { renderApp } from '@/testing/render-app';

// Tiers at the till (issue #38): the points preview asks for the chosen customer (its tier's
// multiplier is the server's), and the receipt prints the tier the sale left the customer in.

const GOLD = {
  level: 1,
  name_en: 'Gold',
  name_ar: 'ذهبي',
  multiplier: '1.5',
  spend: '640.000',
  grace_until: null,
  next: null,
};

describe('a tiered customer at the till', () => {
  it("previews with the customer's multiplier and prints the tier on the receipt", async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    const fatima = makeCustomer({ id: 1, name: 'Fatima Alsharif', loyalty_points: 120 });
    const previews: string[] = [];
    mockApi(
      cashierRoutes({
        'GET /api/v1/customers/1': () => json(customerBody(fatima)),
        'GET /api/v1/invoices/preview': (request) => {
          previews.push(new URL(request.url).search);
          return json({
            data: {
              total: '20.000',
              points: 30,
              multiplier: '1.5',
              needs_confirmation: false,
              settings: null,
            },
          });
        },
        'POST /api/v1/invoices': () => json({ data: { ...makeInvoiceCreated(30, 150), tier: GOLD } }, 201),
      }),
    );
    const app = renderApp('/create-invoice?customer_id=1');
    await screen.findByTestId('selected-customer');
    await app.user.type(screen.getByLabelText(/Total Cost/), '20');
    await waitFor(() => expect(previews.some((q) => q.includes('customer_id=1'))).toBe(true));
    await app.user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByTestId('receipt-tier')).toHaveTextContent('Gold (points ×1.5)');
  });
});
