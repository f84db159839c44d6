import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { apiError, json, mockApi } from '@/testing/mock-api';
import {
  cashierRoutes,
  makeCustomer,
  customerBody,
  makeInvoiceCreated,
  previewOf,
  TODAY,
} from '@/testing/pos-fixtures';
import { renderApp } from '@/testing/render-app';
import { parseInvoiceTotal } from '../invoice-total';

const fatima = makeCustomer({ id: 1, name: 'Fatima Alsharif', loyalty_points: 120 });

async function signedIn(language: 'en' | 'ar' = 'en') {
  await i18n.changeLanguage(language);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
}

async function pickFatima(app: ReturnType<typeof renderApp>) {
  await app.user.type(screen.getByLabelText('Customer'), 'fa');
  await app.user.click(await screen.findByRole('button', { name: /Fatima Alsharif/ }));
  expect(screen.getByTestId('selected-customer')).toHaveTextContent('Fatima Alsharif');
}

describe('create-invoice form', () => {
  it('asks for a customer before creating an invoice, and sends nothing', async () => {
    await signedIn();
    const api = mockApi(cashierRoutes());
    const app = renderApp('/create-invoice');
    await screen.findByTestId('create-invoice-form');

    await app.user.type(screen.getByLabelText(/Total Cost/), '25');
    await app.user.click(screen.getByRole('button', { name: 'Create Invoice' }));

    expect(
      await screen.findByText('Please select a customer before creating an invoice'),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST /api/v1/invoices')).toHaveLength(0);
  });

  it('searches only from 2 characters and shows initial, name, phone and points', async () => {
    await signedIn();
    const api = mockApi(cashierRoutes({ 'POST /api/v1/customers/search': () => json({ data: [fatima] }) }));
    const app = renderApp('/create-invoice');
    const search = await screen.findByLabelText('Customer');

    await app.user.type(search, 'f');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(api.requestsTo('POST /api/v1/customers/search')).toHaveLength(0);

    await app.user.type(search, 'a');
    const result = await screen.findByTestId('customer-result');
    expect(result).toHaveTextContent('FA');
    expect(result).toHaveTextContent('Fatima Alsharif');
    expect(result).toHaveTextContent('+218 91 234 5678');
    expect(result).toHaveTextContent('120 pts');
    const requests = api.requestsTo('POST /api/v1/customers/search');
    expect(requests).toHaveLength(1);
    expect(await requests[0]!.clone().json()).toEqual({ query: 'fa' });
  });

  it('picks the first match on Enter instead of submitting the form', async () => {
    await signedIn();
    const api = mockApi(cashierRoutes({ 'POST /api/v1/customers/search': () => json({ data: [fatima] }) }));
    const app = renderApp('/create-invoice');
    await app.user.type(await screen.findByLabelText('Customer'), '0912');
    await screen.findByTestId('customer-result');
    await app.user.keyboard('{Enter}');
    expect(screen.getByTestId('selected-customer')).toHaveTextContent('Fatima Alsharif');
    expect(screen.queryByText('Please select a customer before creating an invoice')).not.toBeInTheDocument();
    expect(api.requestsTo('POST /api/v1/invoices')).toHaveLength(0);
  });

  it('creates the invoice with an Idempotency-Key and shows the points earned', async () => {
    await signedIn();
    const api = mockApi(
      cashierRoutes({
        'POST /api/v1/customers/search': () => json({ data: [fatima] }),
        'POST /api/v1/invoices': () => json({ data: makeInvoiceCreated(25, 145) }, 201),
      }),
    );
    const app = renderApp('/create-invoice');
    await screen.findByTestId('create-invoice-form');
    await pickFatima(app);

    await app.user.type(screen.getByLabelText('Invoice ID'), ' INV-77 ');
    await app.user.type(screen.getByLabelText(/Total Cost/), '25.5');
    await app.user.click(screen.getByRole('button', { name: 'Create Invoice' }));

    expect(
      await screen.findByText('Invoice created successfully! Customer earned 25 points.'),
    ).toBeInTheDocument();
    const [request] = api.requestsTo('POST /api/v1/invoices');
    expect(request!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await request!.clone().json()).toEqual({
      customer_id: 1,
      invoice_id: 'INV-77',
      total_cost: '25.500',
    });
    // The next sale starts empty: the receipt keeps this one, with the new balance.
    expect(screen.queryByTestId('selected-customer-points')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Total Cost/)).toHaveValue('');
    expect(screen.getByTestId('receipt')).toHaveTextContent('145');
    // The same customer again is a choice the cashier makes.
    await app.user.click(screen.getByRole('button', { name: /Same customer again/ }));
    expect(screen.getByTestId('selected-customer-points')).toHaveTextContent('145');
    expect(screen.getByLabelText(/Total Cost/)).toHaveFocus();
  });

  it('a double Enter on a total above "confirm above" makes no sale: the question starts on going back', async () => {
    await signedIn();
    const api = mockApi(
      cashierRoutes({
        'POST /api/v1/customers/search': () => json({ data: [fatima] }),
        'GET /api/v1/invoices/preview': (request) =>
          json(previewOf(new URL(request.url).searchParams.get('total') ?? '', 2500, true)),
        'POST /api/v1/invoices': () => json({ data: makeInvoiceCreated(2500, 2620) }, 201),
      }),
    );
    const app = renderApp('/create-invoice');
    await screen.findByTestId('create-invoice-form');
    await pickFatima(app);
    await app.user.keyboard('2500{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the total' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Change the total' })).toHaveFocus(),
    );
    await app.user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm the total' })).not.toBeInTheDocument(),
    );
    expect(api.requestsTo('POST /api/v1/invoices')).toHaveLength(0);
    expect(screen.getByLabelText(/Total Cost/)).toHaveValue('2500');
  });

  it('queues a sale the server cannot be reached for, with its key, and sends it once when asked', async () => {
    await signedIn();
    let calls = 0;
    const api = mockApi(
      cashierRoutes({
        'POST /api/v1/customers/search': () => json({ data: [fatima] }),
        'POST /api/v1/invoices': () => {
          calls += 1;
          if (calls === 1) throw new TypeError('Failed to fetch');
          return json({ data: makeInvoiceCreated(10, 130) }, 201);
        },
      }),
    );
    const app = renderApp('/create-invoice');
    await screen.findByTestId('create-invoice-form');
    await pickFatima(app);
    await app.user.type(screen.getByLabelText(/Total Cost/), '10');

    await app.user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    expect(await screen.findByTestId('waiting-count')).toHaveTextContent('1 sale waiting for the connection');
    // The form is free for the next customer (none chosen, as after any sale), and the sale is
    // not sent twice by a second click.
    expect(screen.getByLabelText(/Total Cost/)).toHaveValue('');
    expect(screen.queryByTestId('selected-customer')).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Send now' }));
    await screen.findByText('1 waiting sale was sent');
    await waitFor(() => expect(screen.queryByTestId('waiting-count')).not.toBeInTheDocument());

    // The same customer again is a choice the cashier makes.
    await app.user.click(screen.getByRole('button', { name: /Same customer again: .Fatima Alsharif/ }));
    expect(screen.getByTestId('selected-customer')).toHaveTextContent('Fatima Alsharif');
    await app.user.type(screen.getByLabelText(/Total Cost/), '10');
    await app.user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    await waitFor(() => expect(api.requestsTo('POST /api/v1/invoices')).toHaveLength(3));

    const keys = api.requestsTo('POST /api/v1/invoices').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('shows what the total earns and asks to confirm a total above the amount the server names', async () => {
    await signedIn();
    const api = mockApi(
      cashierRoutes({
        'POST /api/v1/customers/search': () => json({ data: [fatima] }),
        'GET /api/v1/invoices/preview': (request) => {
          const total = new URL(request.url).searchParams.get('total') ?? '';
          return json(previewOf(total, total === '4.000' ? 0 : 1500, total !== '4.000'));
        },
        'POST /api/v1/invoices': () => json({ data: makeInvoiceCreated(1500, 1620) }, 201),
      }),
    );
    const app = renderApp('/create-invoice');
    await screen.findByTestId('create-invoice-form');
    await pickFatima(app);
    // Focus moved to the total after picking: the sale goes on from the keyboard.
    expect(screen.getByLabelText(/Total Cost/)).toHaveFocus();
    await app.user.keyboard('4');
    expect(await screen.findByTestId('points-preview')).toHaveTextContent(
      'Below the minimum purchase of LYD 5.000: this sale earns no points',
    );
    await app.user.clear(screen.getByLabelText(/Total Cost/));
    await app.user.keyboard('1500{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the total' });
    expect(dialog).toHaveTextContent('Is the total LYD 1,500.000 right? It is above LYD 1,000.000.');
    expect(api.requestsTo('POST /api/v1/invoices')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Change the total' }));
    expect(api.requestsTo('POST /api/v1/invoices')).toHaveLength(0);
    await app.user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    await app.user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm the total' })).getByRole('button', {
        name: 'Yes, create the invoice',
      }),
    );
    await waitFor(() => expect(api.requestsTo('POST /api/v1/invoices')).toHaveLength(1));
    expect(await screen.findByTestId('receipt')).toHaveTextContent('1,500');
  });

  it('shows a taken invoice number under the invoice id, in the server words', async () => {
    await signedIn();
    mockApi(
      cashierRoutes({
        'POST /api/v1/customers/search': () => json({ data: [fatima] }),
        'POST /api/v1/invoices': () =>
          apiError(409, 'This invoice number is already used in this store.', 'invoice_number_taken'),
      }),
    );
    const app = renderApp('/create-invoice');
    await screen.findByTestId('create-invoice-form');
    await pickFatima(app);
    await app.user.type(screen.getByLabelText('Invoice ID'), 'INV-1');
    await app.user.type(screen.getByLabelText(/Total Cost/), '5');
    await app.user.click(screen.getByRole('button', { name: 'Create Invoice' }));

    expect(await screen.findByText('This invoice number is already used in this store.')).toBeInTheDocument();
    expect(screen.getByLabelText('Invoice ID')).toHaveAttribute('aria-invalid', 'true');
  });

  it("tells the cashier when the picked customer's points expire, from the customer's answer", async () => {
    await signedIn();
    const api = mockApi(
      cashierRoutes({
        'POST /api/v1/customers/search': () => json({ data: [fatima] }),
        'GET /api/v1/customers/1': () => json(customerBody(fatima, {}, { points: 120, on: '2027-01-01' })),
      }),
    );
    const app = renderApp('/create-invoice');
    await screen.findByLabelText('Customer');
    await pickFatima(app);
    const card = screen.getByTestId('selected-customer');
    expect(await within(card).findByTestId('expiry-notice')).toHaveTextContent(
      /^\u2066?120\u2069? points usable through Jan 1, 2027, then they expire$/,
    );
    expect(api.requestsTo('GET /api/v1/customers/1')).toHaveLength(1);
  });

  it('says nothing of expiry when none of the customer’s points expire soon', async () => {
    await signedIn();
    mockApi(cashierRoutes({ 'GET /api/v1/customers/1': () => json(customerBody(fatima)) }));
    renderApp('/create-invoice?customer_id=1');
    expect(await screen.findByTestId('selected-customer')).toHaveTextContent('Fatima Alsharif');
    expect(screen.queryByTestId('expiry-notice')).not.toBeInTheDocument();
  });

  it('opens with the customer of ?customer_id= chosen', async () => {
    await signedIn();
    mockApi(cashierRoutes({ 'GET /api/v1/customers/1': () => json(customerBody(fatima)) }));
    renderApp('/create-invoice?customer_id=1');
    expect(await screen.findByTestId('selected-customer')).toHaveTextContent('Fatima Alsharif');
  });

  it('from the dashboard: keeps the dialog open with the receipt and an empty form, and refreshes today’s counts', async () => {
    await signedIn();
    let today = TODAY;
    mockApi(
      cashierRoutes({
        'GET /api/v1/pos/today': () => json({ data: today }),
        'POST /api/v1/customers/search': () => json({ data: [fatima] }),
        'POST /api/v1/invoices': () => {
          today = { ...TODAY, invoices: TODAY.invoices + 1 };
          return json({ data: makeInvoiceCreated(25, 145) }, 201);
        },
      }),
    );
    const app = renderApp('/dashboard');
    expect(await screen.findByTestId('today-invoices-value', {}, { timeout: 5000 })).toHaveTextContent('2');

    await app.user.click(screen.getByTestId('tile-createInvoice'));
    const dialog = await screen.findByRole('dialog');
    await pickFatima(app);
    await app.user.type(within(dialog).getByLabelText(/Total Cost/), '25');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create Invoice' }));

    expect(
      await screen.findByText('Invoice created successfully! Customer earned 25 points.'),
    ).toBeInTheDocument();
    // The receipt is offered here too, and the next sale starts empty.
    const receipt = within(dialog).getByTestId('receipt');
    expect(receipt).toHaveTextContent('LYD 25.000');
    expect(receipt).toHaveTextContent('145');
    expect(within(dialog).getByRole('button', { name: 'Print receipt' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('selected-customer')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Total Cost/)).toHaveValue('');
    await waitFor(() => expect(screen.getByTestId('today-invoices-value')).toHaveTextContent('3'));
    // Closed and opened again: still empty, and no receipt of the last sale.
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await app.user.click(screen.getByTestId('tile-createInvoice'));
    const again = await screen.findByRole('dialog');
    expect(within(again).queryByTestId('receipt')).not.toBeInTheDocument();
    expect(within(again).queryByTestId('selected-customer')).not.toBeInTheDocument();
  });

  it('speaks Arabic, with the Arabic plural', async () => {
    await signedIn('ar');
    mockApi(
      cashierRoutes({
        'GET /api/v1/customers/1': () => json(customerBody(fatima)),
        'POST /api/v1/invoices': () => json({ data: makeInvoiceCreated(5, 125) }, 201),
      }),
    );
    const app = renderApp('/create-invoice?customer_id=1');
    await screen.findByTestId('selected-customer');
    await app.user.type(screen.getByLabelText(/إجمالي المبلغ/), '٥٫٥');
    await app.user.click(screen.getByRole('button', { name: 'إنشاء الفاتورة' }));
    expect(await screen.findByText('تم إنشاء الفاتورة بنجاح! حصل العميل على 5 نقاط.')).toBeInTheDocument();
  });
});

describe('parseInvoiceTotal', () => {
  it('accepts up to three decimals in either script and pads to three', () => {
    expect(parseInvoiceTotal('12.5')).toEqual({ value: '12.500' });
    expect(parseInvoiceTotal(' 0.01 ')).toEqual({ value: '0.010' });
    expect(parseInvoiceTotal('١٢٫٢٥')).toEqual({ value: '12.250' });
    expect(parseInvoiceTotal('007')).toEqual({ value: '7.000' });
  });

  it('says why a total cannot be sent', () => {
    expect(parseInvoiceTotal('')).toEqual({ problem: 'required' });
    expect(parseInvoiceTotal('abc')).toEqual({ problem: 'invalid' });
    expect(parseInvoiceTotal('25,5')).toEqual({ problem: 'invalid' });
    expect(parseInvoiceTotal('1,250.5')).toEqual({ problem: 'invalid' });
    expect(parseInvoiceTotal('1.2345')).toEqual({ problem: 'invalid' });
    expect(parseInvoiceTotal('-3')).toEqual({ problem: 'invalid' });
    // The minimum and maximum are the server's: these reach it and come back as its messages.
    expect(parseInvoiceTotal('0.009')).toEqual({ value: '0.009' });
  });
});
