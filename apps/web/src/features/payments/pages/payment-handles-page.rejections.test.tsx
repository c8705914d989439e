import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerError } from '@/test/api';
import { answerIssues } from '@/test/answer-issues.testing';
import { addHandle, handle, renderHandlesPage, save } from './test-support';

// The save's failure paths: nothing typed is lost.

describe('payment handles page: refused saves', () => {
  it('a 400 on a nested path (1.value, 1.name) shows each on its field of the right handle', async () => {
    await renderHandlesPage([{ kind: 'paynow', value: '+6591234567' }]);
    await addHandle('iban', 'GB82 WEST 1234 5698 7654 32', 'Ada');
    answerIssues('put', '/users/7/payment-methods', [
      { path: '1.value', message: 'An IBAN from GB has 22 characters; this one has 23' },
      { path: '1.name', message: 'The name may be at most 70 characters' },
    ]);
    await save();
    expect(await screen.findByText('Some handles need a fix: see the marked fields.')).toBeInTheDocument();
    const value = handle(2).getByLabelText('IBAN');
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(value).toHaveAccessibleDescription('An IBAN from GB has 22 characters; this one has 23');
    expect(handle(2).getByLabelText('Account holder’s name')).toHaveAccessibleDescription(
      'The name may be at most 70 characters',
    );
    expect(handle(1).getByLabelText('Mobile number or UEN')).not.toHaveAttribute('aria-invalid');
    expect(value).toHaveValue('GB82 WEST 1234 5698 7654 32');
  });

  it.each([
    [409, 'Someone changed this list meanwhile.', 'Someone changed this list meanwhile.'],
    [500, 'Boom', 'An error occurred, please try again later.'],
    [503, 'Down', 'An error occurred, please try again later.'],
    [0, '', 'An error occurred, please try again later.'],
  ])('a %i says so and keeps every value typed', async (status, message, shown) => {
    await renderHandlesPage([{ kind: 'paynow', value: '+6591234567' }]);
    await addHandle('upi', 'ada@okaxis', 'Ada L');
    answerError('put', '/users/7/payment-methods', status, message);
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(handle(1).getByLabelText('Mobile number or UEN')).toHaveValue('+6591234567');
    expect(handle(2).getByLabelText('UPI ID')).toHaveValue('ada@okaxis');
    expect(handle(2).getByLabelText('Name shown to payers (optional)')).toHaveValue('Ada L');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });
});
