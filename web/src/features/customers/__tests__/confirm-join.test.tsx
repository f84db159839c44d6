import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/testing/mock-api';
import { makeCustomer, customerBody } from '@/testing/pos-fixtures';
import { noActivity, renderAsCashier } from './helpers';

describe('a customer who joined by link', () => {
  it.each(['en', 'ar'] as const)('is marked until the cashier confirms the name (%s)', async (language) => {
    let confirmed = false;
    const customer = () => makeCustomer({ id: 1, name: 'Nour', unconfirmed_join: !confirmed });
    const { app, api } = await renderAsCashier(
      '/customer/1',
      {
        ...noActivity,
        'GET /api/v1/customers/1': () => json(customerBody(customer())),
        'POST /api/v1/customers/1/confirm-join': () => {
          confirmed = true;
          return json({ data: customer() });
        },
      },
      language,
    );
    const panel = await screen.findByTestId('confirm-join');
    expect(panel).toHaveTextContent(
      language === 'en' ? 'Joined by link, not confirmed' : 'انضم عبر الرابط، غير مؤكَّد',
    );
    await app.user.click(screen.getByTestId('confirm-join-button'));
    await waitFor(() => expect(screen.queryByTestId('confirm-join')).not.toBeInTheDocument());
    expect(api.requestsTo('POST /api/v1/customers/1/confirm-join')).toHaveLength(1);
    expect(screen.getByTestId('customer-profile')).toHaveTextContent('Nour');
  });

  it('shows no mark for a customer the counter added', async () => {
    await renderAsCashier('/customer/1', {
      ...noActivity,
      'GET /api/v1/customers/1': () => json(customerBody(makeCustomer({ id: 1 }))),
    });
    await screen.findByTestId('customer-profile');
    expect(screen.queryByTestId('confirm-join')).not.toBeInTheDocument();
    expect(screen.queryByTestId('unconfirmed-join')).not.toBeInTheDocument();
  });
});
