import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi, type Routes } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { OwnerReward } from '../types';
import { ownerRoutes } from './fixtures';

beforeEach(() => window.sessionStorage.clear());

const coffee: OwnerReward = {
  id: 1,
  name: 'Free coffee',
  description: 'A cup of Arabic coffee',
  type: 'prize',
  points_required: 50,
  amount: '0.000',
  is_active: true,
  redemptions_count: 4,
};

async function openRewards(extra: Routes = {}) {
  await i18n.changeLanguage('en');
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const api = mockApi(ownerRoutes({ 'GET /api/v1/rewards': () => json({ data: [coffee] }), ...extra }));
  const app = renderApp('/dashboard');
  await screen.findByTestId('owner-stores');
  await app.user.click(screen.getByRole('tab', { name: 'Rewards' }));
  await screen.findByTestId('reward-row');
  return { app, api };
}

describe('rewards tab', () => {
  it('lists rewards with their figures and status', async () => {
    await openRewards();
    const row = screen.getByTestId('reward-row');
    expect(row).toHaveTextContent('Free coffee');
    expect(row).toHaveTextContent('A cup of Arabic coffee');
    expect(row).toHaveTextContent('50');
    expect(row).toHaveTextContent('Active');
  });

  it('shows the spec messages under the fields', async () => {
    const { app, api } = await openRewards();
    await app.user.click(screen.getByRole('button', { name: 'Add Reward' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Reward name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a reward type')).toBeInTheDocument();
    expect(within(dialog).getByText('Points required must be greater than 0')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/v1/rewards')).toHaveLength(0);
  });

  it('never clamps: 0 points and 150 % keep what was typed and show their messages on leaving the field', async () => {
    const { app, api } = await openRewards();
    await app.user.click(screen.getByRole('button', { name: 'Add Reward' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByLabelText(/Reward name/), 'Half off');
    await app.user.click(within(dialog).getByRole('combobox', { name: /Reward type/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Discount' }));
    expect(within(dialog).queryByText('Please select a reward type')).not.toBeInTheDocument();
    const points = within(dialog).getByLabelText(/Points required/);
    await app.user.type(points, '0');
    await app.user.tab();
    expect(points).toHaveValue('0');
    expect(within(dialog).getByText('Points required must be greater than 0')).toBeInTheDocument();
    const amount = within(dialog).getByLabelText(/Discount \(%\)/);
    await app.user.clear(amount);
    await app.user.type(amount, '150');
    await app.user.tab();
    expect(amount).toHaveValue('150');
    expect(within(dialog).getByText('Discount percentage must be between 0 and 100')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(api.requestsTo('POST /api/v1/rewards')).toHaveLength(0);

    // Put right, a message goes while typing, before the field is left: the form does not
    // shrink under the pointer on its way to Save (a click there would land beside the button).
    await app.user.clear(points);
    await app.user.type(points, '120');
    expect(within(dialog).queryByText('Points required must be greater than 0')).not.toBeInTheDocument();
    await app.user.clear(amount);
    await app.user.type(amount, '15');
    expect(
      within(dialog).queryByText('Discount percentage must be between 0 and 100'),
    ).not.toBeInTheDocument();
  });

  it('asks before disabling, then sends a merge patch of is_active alone', async () => {
    const { app, api } = await openRewards({
      'PATCH /api/v1/rewards/1': () => json({ data: { ...coffee, is_active: false } }),
    });
    await app.user.click(screen.getByRole('button', { name: 'Disable: Free coffee' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Disable the reward');
    expect(api.requestsTo('PATCH /api/v1/rewards/1')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Reward disabled successfully!')).toBeInTheDocument();
    const [request] = api.requestsTo('PATCH /api/v1/rewards/1');
    expect(request!.headers.get('Content-Type')).toBe('application/merge-patch+json');
    expect(await request!.clone().json()).toEqual({ is_active: false });
    expect(api.requestsTo('PUT /api/v1/rewards/1')).toHaveLength(0);
  });

  it('shows the server field error under its field', async () => {
    const { app } = await openRewards({
      'PUT /api/v1/rewards/1': () =>
        json({ message: 'Invalid.', code: 'validation', errors: { name: ['That name is taken.'] } }, 422),
    });
    await app.user.click(screen.getByRole('button', { name: 'Edit: Free coffee' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('That name is taken.')).toBeInTheDocument();
  });
});
