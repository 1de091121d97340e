import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormError, SubmitButton, TextField } from '@/components/form-fields';
import { ApiError } from './api-client';
import { useFormSubmit, useZodForm } from './form';
import { renderWithProviders } from '@/testing/render';

const Schema = z.object({
  name: z.string().trim().min(1, 'Enter a name'),
  schedule: z.object({ endsAt: z.string() }),
});

function TestForm({ send }: { send: (values: z.infer<typeof Schema>) => Promise<unknown> }) {
  const form = useZodForm(Schema, { name: '', schedule: { endsAt: '' } });
  const submit = useFormSubmit(form, send);
  return (
    <form noValidate onSubmit={(event) => void submit.onSubmit(event)}>
      <TextField label="Name" testId="name" error={submit.fieldError('name')} {...form.register('name')} />
      <TextField
        label="Ends at"
        testId="ends-at"
        error={submit.fieldError('schedule.endsAt')}
        {...form.register('schedule.endsAt')}
      />
      <FormError message={submit.formError} />
      <SubmitButton busy={submit.busy} label="Save" testId="save" />
    </form>
  );
}

const validationFailure = (fields: { path: string; message: string }[]) =>
  new ApiError('VALIDATION_FAILED', 400, 'Invalid input', { fields });

describe('form helper', () => {
  it('should show the client-side error under its field and send nothing', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => ({}));
    renderWithProviders(<TestForm send={send} />);
    await user.click(await screen.findByTestId('save'));
    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    expect(screen.getByTestId('name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('name')).toHaveAccessibleDescription('Enter a name');
    expect(send).not.toHaveBeenCalled();
  });

  it('should put each server field error under the matching input, nested paths included', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {
      throw validationFailure([
        { path: 'name', message: 'This name is taken' },
        { path: 'schedule.endsAt', message: 'Must be after the start' },
      ]);
    });
    renderWithProviders(<TestForm send={send} />);
    await user.type(await screen.findByTestId('name'), 'Summer');
    await user.click(screen.getByTestId('save'));
    expect(await screen.findByText('This name is taken')).toBeInTheDocument();
    expect(screen.getByTestId('ends-at')).toHaveAccessibleDescription('Must be after the start');
    expect(screen.queryByTestId('form-error')).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({ name: 'Summer', schedule: { endsAt: '' } });
  });

  it('should show a field the form has no input for, and any other failure, as the form-level error', async () => {
    const user = userEvent.setup();
    const send = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(validationFailure([{ path: 'merchant', message: 'Unknown merchant' }]))
      .mockRejectedValueOnce(new ApiError('FORBIDDEN', 403, 'Permission denied'));
    renderWithProviders(<TestForm send={send} />);
    await user.type(await screen.findByTestId('name'), 'Summer');
    await user.click(screen.getByTestId('save'));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('merchant: Unknown merchant');
    await user.click(screen.getByTestId('save'));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Your role does not allow this action.');
  });

  it('should put another refusal that names a shown field under it, and keep one naming no shown field at the top', async () => {
    const user = userEvent.setup();
    const amount = (path: string) =>
      new ApiError('INVALID_AMOUNT', 400, 'The amount has too many decimals', {
        fields: [{ path, message: 'The amount has too many decimals' }],
      });
    const send = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(amount('name'))
      .mockRejectedValueOnce(amount('prizes.3'));
    renderWithProviders(<TestForm send={send} />);
    await user.type(await screen.findByTestId('name'), '10.001');
    await user.click(screen.getByTestId('save'));
    expect(await screen.findByText('The amount has too many decimals')).toBeInTheDocument();
    expect(screen.getByTestId('name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('form-error')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('save'));
    // Not a field of this form: the code's own text, as before.
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Enter a valid amount.');
  });

  it('should translate a known server message into the language in use', async () => {
    const { changeLanguage } = await import('./i18n');
    await changeLanguage('TY');
    try {
      const user = userEvent.setup();
      const send = vi.fn(async () => {
        throw validationFailure([{ path: 'name', message: 'This username is taken' }]);
      });
      renderWithProviders(<TestForm send={send} />);
      await user.type(await screen.findByTestId('name'), 'juan');
      await user.click(screen.getByTestId('save'));
      expect(await screen.findByText('May gumagamit na ng username na ito')).toBeInTheDocument();
    } finally {
      await changeLanguage('EN');
    }
  });
});
