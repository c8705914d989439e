import { z } from 'zod';
import {
  createTransactionBody,
  overallBalancesSchema,
  settleWithBody,
  transactionIdParams,
  transactionsQuery,
} from '../bills.js';
import { userIdParams } from '../auth.js';
import { endpoint, resourceRefusals } from '../endpoint.js';
import { nextCursorField } from '../pages.js';
import { transactionSchema } from '../shapes.js';

const errors = resourceRefusals;
const tag = 'transactions';

/** A transaction's step after it is recorded: the path's last part (docs/money.md). */
const step = <const P extends string, const A extends 'payer' | 'payee'>(
  path: P,
  access: A,
  summary: string,
) =>
  endpoint({
    method: 'PATCH',
    path: `/transactions/{id}/${path}`,
    params: transactionIdParams,
    data: transactionSchema,
    errors,
    access,
    guests: 'room',
    summary,
    tag,
  });

/** Payments between people: recorded, listed, confirmed, disputed, undone, settled; the caller's balances. */
export const transactionEndpoints = {
  record: endpoint({
    method: 'POST',
    path: '/transactions',
    body: createTransactionBody,
    data: transactionSchema,
    errors,
    access: 'party',
    guests: 'room',
    summary:
      'Record a payment of any amount between two members of the room: by the payer (awaiting the payee) or by the payee (received)',
    tag,
  }),
  settleWith: endpoint({
    method: 'POST',
    path: '/users/{id}/settle',
    params: userIdParams,
    body: settleWithBody,
    data: z.array(transactionSchema),
    extra: nextCursorField,
    errors,
    access: 'self',
    summary:
      'Pay a person across the rooms of one currency where you owe them, oldest room first, up to what is owed (self)',
    tag,
  }),
  list: endpoint({
    method: 'GET',
    path: '/transactions',
    query: transactionsQuery,
    data: z.array(transactionSchema),
    extra: nextCursorField,
    errors: [400, 401],
    access: 'signedIn',
    guests: 'room',
    summary: 'Your transactions as payer or payee (unpaid by default)',
    tag,
  }),
  get: endpoint({
    method: 'GET',
    path: '/transactions/{id}',
    params: transactionIdParams,
    data: transactionSchema,
    errors,
    access: 'party',
    guests: 'room',
    summary: 'One of your transactions, with its history and the bills it comes from (payer or payee)',
    tag,
  }),
  confirm: step('confirm', 'payee', 'Confirm a payment arrived, or that cash was received (the payee)'),
  dispute: step('dispute', 'payee', 'Report a payment marked paid as not received: unpaid again (the payee)'),
  undo: step(
    'undo',
    'payer',
    'Take back a payment marked paid, within 10 minutes and before it is confirmed (the payer)',
  ),
  balances: endpoint({
    method: 'GET',
    path: '/balances',
    data: overallBalancesSchema,
    errors: [401],
    access: 'signedIn',
    guests: 'room',
    summary: 'What you owe and are owed, per currency and per person, across every room',
    tag,
  }),
  settle: step('settle', 'payer', 'Mark a transaction paid (the payer)'),
};
