import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type Routes } from '@/testing/mock-api';
import { makeCustomer, customerBody, plain } from '@/testing/pos-fixtures';
import { addPointsProblem, birthdayOf, firstFailingRule, valuesOf } from '../customer-rules';
import { noActivity, openDialog, renderAsCashier } from './helpers';

const fatima = makeCustomer({ id: 1, name: 'Fatima Alsharif', loyalty_points: 120 });

async function openCustomerPage(extra: Routes = {}, language: 'en' | 'ar' = 'en') {
  const result = await renderAsCashier(
    '/customer/1',
    { 'GET /api/v1/customers/1': () => json(customerBody(fatima)), ...noActivity, ...extra },
    language,
  );
  await screen.findByTestId('customer-detail');
  return result;
}

describe('customer dialog', () => {
  it('shows only the first failing rule: name, then email; the balance is not on the form', async () => {
    const { app } = await openCustomerPage();
    await app.user.click(screen.getByRole('button', { name: 'Edit Customer' }));
    const dialog = await openDialog('Edit Customer');
    const name = within(dialog).getByLabelText(/Name/);
    const email = within(dialog).getByLabelText('Email');
    expect(within(dialog).queryByLabelText('Loyalty Points')).not.toBeInTheDocument();

    await app.user.clear(name);
    await app.user.clear(email);
    await app.user.type(email, 'not-an-email');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(within(dialog).getByText('Customer name is required')).toBeInTheDocument();
    expect(within(dialog).queryByText('Please enter a valid email address')).not.toBeInTheDocument();

    await app.user.type(name, 'Fatima');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).queryByText('Customer name is required')).not.toBeInTheDocument();
  });

  it('sends the edit without a balance, and shows the server field errors', async () => {
    let body: unknown;
    const { app } = await openCustomerPage({
      'PUT /api/v1/customers/1': async (request) => {
        body = await request.json();
        return json(
          {
            message: 'The given data was invalid.',
            code: 'validation_failed',
            errors: { phone: ['This phone number is already registered in this store'] },
          },
          422,
        );
      },
    });
    await app.user.click(screen.getByRole('button', { name: 'Edit Customer' }));
    const dialog = await openDialog('Edit Customer');
    const phone = within(dialog).getByLabelText('Phone');
    await app.user.clear(phone);
    await app.user.type(phone, '٠٩١٣٣٣٤٤٥٥');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText('This phone number is already registered in this store'),
    ).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Fatima Alsharif',
      email: 'fatima@example.ly',
      phone: '0913334455',
      birthday: null,
    });
  });

  it('sends the birthday picked as month and day, and shows the server message under it', async () => {
    const bodies: unknown[] = [];
    const { app } = await openCustomerPage({
      'PUT /api/v1/customers/1': async (request) => {
        bodies.push(await request.json());
        return json(
          {
            message: 'The given data was invalid.',
            code: 'validation_failed',
            errors: { birthday: ['Enter a birthday as month and day'] },
          },
          422,
        );
      },
    });
    await app.user.click(screen.getByRole('button', { name: 'Edit Customer' }));
    const dialog = await openDialog('Edit Customer');
    await app.user.selectOptions(within(dialog).getByLabelText('Month'), 'February');
    await app.user.selectOptions(within(dialog).getByLabelText('Day'), '30');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a birthday as month and day')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ birthday: '02-30' });
  });

  it('reads Saving... while saving, then closes and says so', async () => {
    let answer: (response: Response) => void = () => {};
    const { app } = await openCustomerPage({
      'PUT /api/v1/customers/1': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await app.user.click(screen.getByRole('button', { name: 'Edit Customer' }));
    const dialog = await openDialog('Edit Customer');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeDisabled();

    answer(json({ data: fatima }));
    expect(await screen.findByText('Customer updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('add-points dialog', () => {
  it('opens at 0 with the submit disabled, and shows the New Total live', async () => {
    const { app } = await openCustomerPage();
    await app.user.click(screen.getByRole('button', { name: 'Add Points' }));
    const dialog = await openDialog('Add Points');
    const points = within(dialog).getByLabelText(/^Points/);
    const submit = within(dialog).getByRole('button', { name: 'Add Points' });

    expect(points).toHaveValue('0');
    expect(submit).toBeDisabled();
    expect(within(dialog).getByTestId('new-total')).toHaveTextContent('120');

    await app.user.clear(points);
    expect(submit).toBeDisabled();
    await app.user.type(points, '30');
    expect(within(dialog).getByTestId('new-total')).toHaveTextContent('150');
    expect(submit).toBeEnabled();
  });

  it('keeps to 1 to 10,000 points', async () => {
    const { app, api } = await openCustomerPage();
    await app.user.click(screen.getByRole('button', { name: 'Add Points' }));
    const dialog = await openDialog('Add Points');
    const points = within(dialog).getByLabelText(/^Points/);

    await app.user.clear(points);
    await app.user.type(points, '0');
    expect(within(dialog).getByText('Please enter a valid number of points (minimum 1)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add Points' })).toBeDisabled();

    await app.user.clear(points);
    await app.user.type(points, '10001');
    expect(within(dialog).getByText('Cannot add more than 10,000 points at once')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Add Points' }));
    expect(api.requestsTo('PUT /api/v1/customers/1/points')).toHaveLength(0);
  });

  it('adds the points with the reason and closes', async () => {
    let body: unknown;
    const { app } = await openCustomerPage({
      'PUT /api/v1/customers/1/points': async (request) => {
        body = await request.json();
        return json({ data: { ...fatima, loyalty_points: 145 } });
      },
    });
    await app.user.click(screen.getByRole('button', { name: 'Add Points' }));
    const dialog = await openDialog('Add Points');
    const points = within(dialog).getByLabelText(/^Points/);
    await app.user.clear(points);
    await app.user.type(points, '25');
    await app.user.type(within(dialog).getByLabelText('Reason'), ' Birthday ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add Points' }));

    await waitFor(() =>
      expect(plain(screen.getByTestId('toasts'))).toContain('25 points added to Fatima Alsharif.'),
    );
    expect(body).toEqual({ points: 25, reason: 'Birthday' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('customer rules', () => {
  it('stops at the first failing rule', () => {
    const values = { ...valuesOf(null), name: ' ', email: 'x' };
    expect(firstFailingRule(values)).toEqual({ field: 'name', rule: 'nameRequired' });
    expect(firstFailingRule({ ...values, name: 'A' })).toEqual({ field: 'email', rule: 'emailInvalid' });
    expect(firstFailingRule({ ...values, name: 'A', email: '' })).toBeNull();
  });

  it('writes the birthday as MM-DD, none when neither is picked', () => {
    expect(birthdayOf({ birthdayMonth: '3', birthdayDay: '5' })).toBe('03-05');
    expect(birthdayOf({ birthdayMonth: '12', birthdayDay: '31' })).toBe('12-31');
    expect(birthdayOf({ birthdayMonth: '', birthdayDay: '' })).toBeNull();
    // Half picked goes as picked, for the server to refuse in its words.
    expect(birthdayOf({ birthdayMonth: '3', birthdayDay: '' })).toBe('03-');
    expect(valuesOf({ ...fatima, birthday: '03-15' })).toMatchObject({
      birthdayMonth: '3',
      birthdayDay: '15',
    });
  });

  it('bounds added points to 1..10,000', () => {
    expect(addPointsProblem('')).toBe('min');
    expect(addPointsProblem(0)).toBe('min');
    expect(addPointsProblem(1)).toBeNull();
    expect(addPointsProblem(10_000)).toBeNull();
    expect(addPointsProblem(10_001)).toBe('max');
  });
});
