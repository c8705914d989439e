import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PaymentKind } from '@outing/contract';
import { answer, answerError, success } from '@/test/api';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { MESSAGES } from '../lib/handle-checks';
import { addHandle, handle, renderHandlesPage, save } from './test-support';

describe('payment handles page', () => {
  it('is reachable from the profile and says who sees the handles', async () => {
    answer('get', '/users/7/payment-methods', success([]));
    const { router } = renderApp('/profile', { token: makeToken() });
    await userEvent.click(await screen.findByRole('link', { name: /Payment handles/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/payments'));
    expect(
      await screen.findByText('Your handles are shown only to people who owe you money.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No payment handles yet')).toBeInTheDocument();
  });

  it('lists the stored handles in order', async () => {
    await renderHandlesPage([
      { kind: 'paynow', value: '+6591234567' },
      { kind: 'iban', value: 'DE89370400440532013000', name: 'Ada Lovelace' },
    ]);
    expect(handle(1).getByLabelText('Kind')).toHaveValue('paynow');
    expect(handle(1).getByLabelText('Mobile number or UEN')).toHaveValue('+6591234567');
    expect(handle(2).getByLabelText('IBAN')).toHaveValue('DE89370400440532013000');
    expect(handle(2).getByLabelText('Account holder’s name')).toHaveValue('Ada Lovelace');
  });

  it.each<[PaymentKind, string, string | undefined]>([
    ['paynow', '+65 9123 4567', undefined],
    ['paynow', '9123 4567', undefined],
    ['paynow', '201912345K', undefined],
    ['iban', 'DE89 3704 0044 0532 0130 00', 'Ada Lovelace'],
    ['upi', 'ada@okaxis', undefined],
    ['paypal', 'https://paypal.me/adalove', undefined],
    ['revolut', '@ada.l', undefined],
    ['link', 'https://pay.example.com/ada', undefined],
  ])('saves a valid %s handle %j', async (kind, value, name) => {
    const { saved } = await renderHandlesPage();
    await addHandle(kind, value, name);
    await save();
    expect(await screen.findByText('Payment handles saved')).toBeInTheDocument();
    expect(saved).toEqual([[{ kind, value, ...(name ? { name } : {}) }]]);
  });

  it.each<[PaymentKind, string, string]>([
    ['paynow', '+65 9123', MESSAGES.mobile()],
    ['paynow', '7123 4567', MESSAGES.mobile()],
    ['paynow', 'hello', MESSAGES.payNow()],
    ['iban', '1234 5678', MESSAGES.ibanShape()],
    ['iban', 'DE89 3704 0044 0532 0130 01', MESSAGES.ibanChecksum()],
    ['upi', 'ada', MESSAGES.upi()],
    ['paypal', 'ada lovelace!', MESSAGES.paypal()],
    ['revolut', 'a', MESSAGES.revolut()],
    ['link', 'http://pay.example.com', MESSAGES.linkHttps()],
    ['link', 'pay.example.com', MESSAGES.linkUrl()],
    ['link', 'https://ada:pw@pay.example.com', MESSAGES.linkCredentials()],
    ['paynow', '', MESSAGES.required()],
  ])('refuses the %s handle %j on its field, sends nothing and keeps it', async (kind, value, message) => {
    const { saved } = await renderHandlesPage();
    const item = await addHandle(kind, value);
    const field = item.getAllByRole('textbox')[0]!;
    await save();
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(message);
    expect(field).toHaveValue(value);
    expect(saved).toEqual([]);
  });

  it('sends a PayNow mobile written locally, then shows it as the server stored it (+65…)', async () => {
    await renderHandlesPage();
    const seen = answer(
      'put',
      '/users/7/payment-methods',
      success([{ kind: 'paynow', value: '+6591234567' }]),
    );
    const item = await addHandle('paynow', '9123 4567');
    expect(item.getByLabelText('Mobile number or UEN')).toHaveAccessibleDescription(
      'e.g. 9123 4567 or +65 9123 4567, or a UEN',
    );
    await save();
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toEqual([{ kind: 'paynow', value: '9123 4567' }]);
    await waitFor(() => expect(handle(1).getByLabelText('Mobile number or UEN')).toHaveValue('+6591234567'));
  });

  it('counts 9123 4567 and +65 9123 4567 as the same PayNow handle', async () => {
    await renderHandlesPage([{ kind: 'paynow', value: '+6591234567' }]);
    const twice = await addHandle('paynow', '9123 4567');
    await save();
    expect(await twice.findByText(MESSAGES.duplicate())).toBeInTheDocument();
  });

  // The server refuses a handle listed twice by its stored form (packages/payments `normaliseHandle`), not as typed.
  it.each<[PaymentKind, string, string, string | undefined]>([
    ['iban', 'DE89 3704 0044 0532 0130 00', 'de89370400440532013000', 'Ada Lovelace'],
    ['paynow', '+65 9123 4567', '9123-4567', undefined],
    ['revolut', '@Ada.L', 'https://revolut.me/ada.l', undefined],
    ['link', 'https://Pay.Example.com', 'https://pay.example.com/', undefined],
    ['link', 'https://pay.example.com/ada', 'https://PAY.example.com:443/ada', undefined],
  ])('refuses the %s handle %j listed again as %j, and sends nothing', async (kind, first, second, name) => {
    const { saved } = await renderHandlesPage();
    await addHandle(kind, first, name);
    const twice = await addHandle(kind, second, name);
    await save();
    expect(await twice.findByText(MESSAGES.duplicate())).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('asks for the account holder of an IBAN, and refuses a handle listed twice', async () => {
    await renderHandlesPage();
    const iban = await addHandle('iban', 'DE89370400440532013000');
    await addHandle('paypal', 'ada');
    const twice = await addHandle('paypal', '@ada');
    await save();
    expect(await iban.findByText(MESSAGES.nameRequired())).toBeInTheDocument();
    expect(twice.getByText(MESSAGES.duplicate())).toBeInTheDocument();
  });

  it('moves, removes and adds handles, and keeps at most 10', async () => {
    await renderHandlesPage([
      { kind: 'paynow', value: '+6591234567' },
      { kind: 'paypal', value: 'ada' },
      { kind: 'revolut', value: 'ada' },
    ]);
    const seen = answer(
      'put',
      '/users/7/payment-methods',
      success([
        { kind: 'revolut', value: 'ada' },
        { kind: 'paypal', value: 'ada' },
      ]),
    );
    await userEvent.click(handle(3).getByRole('button', { name: 'Move handle 3 up' }));
    await userEvent.click(handle(1).getByRole('button', { name: 'Remove handle 1' }));
    expect(handle(1).getByRole('button', { name: 'Move handle 1 up' })).toBeDisabled();
    await save();
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toEqual([
      { kind: 'revolut', value: 'ada' },
      { kind: 'paypal', value: 'ada' },
    ]);
    for (let i = 0; i < 8; i++) await userEvent.click(screen.getByRole('button', { name: 'Add a handle' }));
    expect(screen.getAllByRole('group', { name: /^Handle \d+ of/ })).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Add a handle' })).toBeDisabled();
    expect(screen.getByText('You can keep at most 10 payment methods.')).toBeInTheDocument();
  }, 20_000);

  it('shows an error with a retry when the list cannot be loaded', async () => {
    answerError('get', '/users/7/payment-methods', 500);
    renderApp('/profile/payments', { token: makeToken() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your payment handles.');
    answer('get', '/users/7/payment-methods', success([{ kind: 'paypal', value: 'ada' }]));
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('PayPal.me name')).toHaveValue('ada');
  });
});
