import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '@/app/routes/protected-route';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { setTestLanguage } from '@/test/i18n';
import { MOCK_MONEY_ROOMS, mockPeople } from '@/mocks/demo';
import { TransactionsPanel } from './transactions-panel';
import { ada, payment, serveTransactions } from '../testing';

// Issue 37 item 7d: "Waiting for alice_tan to …" was cut at a phone's width. The sentence wraps instead.

beforeEach(() => setTestLanguage('en', 'en-US'));

const routes: RouteObject[] = [
  { element: <ProtectedRoute />, children: [{ path: '/', element: <TransactionsPanel /> }] },
];

describe('Waiting for confirmation', () => {
  it('shows the whole "Waiting for … to confirm" sentence, wrapping, never truncated', async () => {
    const long = { ...mockPeople.dev, username: 'alice_tan_from_the_badminton_club' };
    serveTransactions([
      payment({
        id: 27,
        consolidationId: 8,
        room: MOCK_MONEY_ROOMS.camden,
        payer: ada,
        payee: long,
        amount: 18.4,
        paidOn: new Date(Date.now() - 60_000).toISOString(),
      }),
    ]);
    renderApp('/', { token: makeToken(), routeList: routes });
    const region = await screen.findByRole('region', { name: 'Waiting for confirmation' });
    const line = await within(region).findByTestId('awaiting-line');
    await waitFor(() =>
      expect(line).toHaveTextContent('Waiting for alice_tan_from_the_badminton_club to confirm'),
    );
    expect(line.className).not.toMatch(/\b(truncate|line-clamp-\d|text-ellipsis|whitespace-nowrap)\b/);
    expect(line.className).toMatch(/\bbreak-words\b/);
    // No ancestor up to the row cuts it either.
    for (let el = line.parentElement; el && el.tagName !== 'LI'; el = el.parentElement)
      expect(el.className).not.toMatch(/\b(truncate|line-clamp-\d|whitespace-nowrap)\b/);
  });
});
