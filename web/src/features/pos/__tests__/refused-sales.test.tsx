import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { enqueueSale, markForAttention, queuedSales } from '@/lib/offline/sale-queue';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi } from '@/testing/mock-api';
import { cashierRoutes, makeCustomer, SETTINGS } from '@/testing/pos-fixtures';
import { renderApp } from '@/testing/render-app';

const fatima = makeCustomer({ id: 1, name: 'Fatima Alsharif', loyalty_points: 120 });

/** A sale the server refused, as the queue keeps it: the refusal's codes, not its words. */
async function refusedSale(total: string, refusal: Parameters<typeof markForAttention>[2], message: string) {
  await enqueueSale({
    userId: 1,
    userName: 'Salem Alzawi',
    storeId: 1,
    idempotencyKey: `k-${total}`,
    body: { customer_id: 1, invoice_id: null, total_cost: total },
    customerName: fatima.name,
    customer: fatima,
    attempted: false,
  });
  const sale = (await queuedSales(1)).find((s) => s.body.total_cost === total);
  await markForAttention(sale!.id!, message, refusal);
}

const routes = () =>
  cashierRoutes({
    'GET /api/v1/loyalty-config': () => json({ data: { ...SETTINGS, max_invoice_total: '1000.000' } }),
  });

describe('a refused queued sale', () => {
  it("names the rule and its value from the server's settings now, in the cashier's language", async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    // Refused in Arabic (the language the till had then), with the store's maximum lowered.
    await refusedSale(
      '1500.000',
      {
        status: 422,
        code: 'validation_failed',
        fields: [{ field: 'total_cost', code: 'total_too_large' }],
      },
      'البيانات المدخلة غير صالحة',
    );
    await refusedSale('20.000', { status: 404, code: 'not_found', fields: [] }, 'غير موجود.');
    mockApi(routes());
    renderApp('/dashboard');

    const reasons = await screen.findAllByTestId('refusal-reason');
    await waitFor(() =>
      expect(reasons[0]).toHaveTextContent(
        "The total, LYD 1,500.000, is above this store's maximum invoice total, LYD 1,000.000.",
      ),
    );
    expect(reasons[1]).toHaveTextContent('\u2068Fatima Alsharif\u2069 is no longer a customer of this store');
    await i18n.changeLanguage('ar');
    await waitFor(() =>
      expect(screen.getAllByTestId('refusal-reason')[0]).toHaveTextContent(
        'الإجمالي 1,500.000 د.ل. أعلى من الحد الأقصى لإجمالي الفاتورة في هذا المتجر، وهو 1,000.000 د.ل.',
      ),
    );
  });

  it('"key it again" opens the invoice with the customer and the total, and the refused one leaves the list', async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    await refusedSale(
      '1500.000',
      { status: 422, code: 'validation_failed', fields: [{ field: 'total_cost', code: 'total_too_large' }] },
      'The data entered is invalid',
    );
    mockApi(routes());
    const app = renderApp('/dashboard');
    const refused = await screen.findByTestId('refused-sale');
    await app.user.click(within(refused).getByRole('button', { name: 'Key it again' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('selected-customer')).toHaveTextContent('Fatima Alsharif');
    expect(within(dialog).getByLabelText(/Total Cost/)).toHaveValue('1500.000');
    await waitFor(() => expect(screen.queryByTestId('refused-sale')).not.toBeInTheDocument());
    expect(await queuedSales(1)).toEqual([]);
  });
});
