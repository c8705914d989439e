import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paymentEndpoints, type PaymentKind, type PaymentMethod } from '@outing/contract';
import { mockFixed, mockOk, mockRoute } from '@/mocks/route';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';

/**
 * Serves ada's (id 7) handles `methods`, and renders /profile/payments; `saved` gets each list a save sends (the
 * mock answers it as sent).
 */
export async function renderHandlesPage(methods: PaymentMethod[] = []) {
  const saved: PaymentMethod[][] = [];
  server.use(
    // First: the first handler given answers.
    mockRoute(paymentEndpoints.saveMethods, async ({ request }) => {
      const sent = (await request.json()) as PaymentMethod[];
      saved.push(sent);
      return mockOk(paymentEndpoints.saveMethods, sent, 'Payment methods saved');
    }),
    mockFixed(paymentEndpoints.methods, methods),
  );
  const view = renderApp('/profile/payments', { token: makeToken() });
  await screen.findByRole('heading', { name: 'Payment handles' });
  await screen.findByRole('button', { name: 'Save' });
  return { ...view, saved };
}

export const handle = (position: number) =>
  within(screen.getByRole('group', { name: new RegExp(`^Handle ${position} of`) }));

/** Adds a handle at the end and fills it in. */
export async function addHandle(kind: PaymentKind, value: string, name?: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Add a handle' }));
  const position = screen.getAllByRole('group', { name: /^Handle \d+ of/ }).length;
  const item = handle(position);
  await userEvent.selectOptions(item.getByLabelText('Kind'), kind);
  const valueField = item.getAllByRole('textbox')[0]!;
  await userEvent.clear(valueField);
  if (value) {
    await userEvent.click(valueField);
    await userEvent.paste(value);
  }
  if (name !== undefined) {
    const nameField = item.getAllByRole('textbox')[1]!;
    await userEvent.click(nameField);
    await userEvent.paste(name);
  }
  return item;
}

export const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
