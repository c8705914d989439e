import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Transaction, User } from '@outing/contract';
import { TransactionsPanel } from './transactions-panel';

const person = (id: number, username: string): User => ({ id, username, email: '', pictureUrl: '' });

function transaction(id: number, payer: User, payee: User, amount: number): Transaction {
  return {
    id,
    consolidationId: 1,
    roomId: '3f8a2c1e-5b7d-4e9a-8c2f-1a2b3c4d5e01',
    roomName: 'Sunday Football',
    payerId: payer.id,
    payer,
    payeeId: payee.id,
    payee,
    amount,
    isPaid: false,
    currency: 'USD',
    confirmedOn: null,
    status: 'unpaid',
    paidOn: null,
  };
}

describe('TransactionsPanel', () => {
  const me = person(7, 'ada');
  const ben = person(11, 'ben_k');

  it('shows both empty texts without transactions', () => {
    render(<TransactionsPanel toPay={[]} toReceive={[]} />);
    expect(screen.getByRole('region', { name: 'To Pay' })).toHaveTextContent('No bills to pay');
    expect(screen.getByRole('region', { name: 'To Receive' })).toHaveTextContent('No bills to receive');
  });

  it('lists each side with the other person and the amount in 2 decimals', () => {
    render(
      <TransactionsPanel toPay={[transaction(1, me, ben, 12.5)]} toReceive={[transaction(2, ben, me, 3)]} />,
    );
    const toPay = screen.getByRole('region', { name: /To Pay/ });
    expect(toPay).toHaveTextContent('ben_k');
    expect(toPay).toHaveTextContent('$12.50');
    expect(toPay).not.toHaveTextContent('No bills to pay');
    const toReceive = screen.getByRole('region', { name: /To Receive/ });
    expect(within(toReceive).getByText('$3.00')).toBeInTheDocument();
  });

  it('shows a spinner while loading and an error instead of the lists', () => {
    const { rerender } = render(<TransactionsPanel toPay={[]} toReceive={[]} loading />);
    expect(screen.getByRole('status', { name: 'Loading bills' })).toBeInTheDocument();
    expect(screen.queryByText('No bills to pay')).not.toBeInTheDocument();
    rerender(<TransactionsPanel toPay={[]} toReceive={[]} error="Could not load your bills." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load your bills.');
    expect(screen.queryByText('No bills to pay')).not.toBeInTheDocument();
  });
});
