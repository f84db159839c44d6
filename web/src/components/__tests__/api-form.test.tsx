import { TextInput } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { useApiForm } from '@/components/form/use-api-form';
import { ApiError } from '@/lib/api/errors';
import { i18n } from '@/lib/i18n';
import { lazyQueryClient } from '@/lib/lazy-query-client';

interface Values {
  name: string;
  storeLimit: string;
}

function PlanForm({
  submit,
  onSuccess,
}: {
  submit: (values: Values) => Promise<unknown>;
  onSuccess?: () => void;
}) {
  const form = useApiForm({
    initialValues: { name: '', storeLimit: '1' },
    serverFields: { store_limit: 'storeLimit' },
    validate: (values) => ({ name: values.name.trim() ? undefined : 'Name is required' }),
    submit,
    onSuccess,
    failure: 'Could not save',
  });
  return (
    <ApiForm form={form} testId="plan-form">
      <TextInput label="Name" {...form.getInputProps('name')} />
      <TextInput label="Store limit" {...form.getInputProps('storeLimit')} />
      <FormActions onCancel={() => {}} submitLabel="Save" pendingLabel="Saving" />
    </ApiForm>
  );
}

function renderForm(props: Parameters<typeof PlanForm>[0]) {
  const client = lazyQueryClient(() => Promise.resolve(createQueryClient()));
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={client} env="test">
      <PlanForm {...props} />
    </AppProviders>,
  );
  return user;
}

const refusal = (body: object) => new ApiError(422, { message: 'The given data was invalid.', ...body });

describe('the form building block', () => {
  it("checks the form's own rules first and sends nothing while they fail", async () => {
    await i18n.changeLanguage('en');
    const submit = vi.fn(() => Promise.resolve());
    const user = renderForm({ submit });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
    // Editing the field takes its message away.
    await user.type(screen.getByLabelText('Name'), 'Gold');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
  });

  it("shows the server's messages under their fields, by the server's field name", async () => {
    await i18n.changeLanguage('en');
    const submit = vi.fn(() =>
      Promise.reject(
        refusal({ code: 'validation_failed', errors: { store_limit: ['Too many stores', 'x'] } }),
      ),
    );
    const user = renderForm({ submit });
    await user.type(screen.getByLabelText('Name'), 'Gold');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too many stores')).toBeInTheDocument();
    expect(screen.getByLabelText('Store limit')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('form-error')).not.toBeInTheDocument();
  });

  it("says the server's message above the fields when no field has one, or the fallback", async () => {
    await i18n.changeLanguage('en');
    const submit = vi
      .fn<(values: Values) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(409, { message: 'The plan is full', code: 'store_limit_reached' }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = renderForm({ submit });
    await user.type(screen.getByLabelText('Name'), 'Gold');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('The plan is full');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('form-error')).toHaveTextContent('Could not save'));
  });

  it('sends once however often it is submitted while the first is on its way', async () => {
    await i18n.changeLanguage('en');
    let answer: () => void = () => {};
    const submit = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const onSuccess = vi.fn();
    const user = renderForm({ submit, onSuccess });
    await user.type(screen.getByLabelText('Name'), 'Gold{Enter}{Enter}');
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith({ name: 'Gold', storeLimit: '1' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Saving' })).toBeInTheDocument();
    answer();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
