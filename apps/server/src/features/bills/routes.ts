import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  balancesResponse,
  billIdParams,
  editBillBody,
  roomIdParams,
  overallBalancesResponse,
  roundsQuery,
  roundsResponse,
  billsSummaryResponse,
  billResponse,
  billsListQuery,
  billsResponse,
  consolidateBody,
  consolidationParams,
  consolidationStatusResponse,
  createBillBody,
  emptyResponse,
  errorEnvelopeSchema as e,
  transactionIdParams,
  transactionResponse,
  transactionsQuery,
  transactionsResponse,
} from '@outing/contract';
import {
  consolidate,
  consolidationStatus,
  billsSummary,
  createBill,
  deleteBill,
  editBill,
  exportRoomCsv,
  listBills,
  roomBalances,
  roomRounds,
  listTransactions,
  settleTransaction,
} from './service.js';
import { overallBalances } from './overall-balances.js';
import { changeTransaction, getTransaction, type TransactionChange } from './transactions.js';

const ok = <T>(data: T, message = 'OK') => ({ status: 'success' as const, message, data });

/** Bills and transactions: api-contract §7. */
export const billRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.deps.db, events: app.deps.events, hub: app.hub };
  const base = { onRequest: [app.authenticate] };
  const doc = (summary: string) => ({ tags: ['bills'], security: [{ bearer: [] }], summary });
  const all = { 400: e, 401: e, 403: e, 404: e, 409: e };

  app.post(
    '/bills',
    {
      ...base,
      schema: {
        ...doc(
          'Add a bill to the room’s open round (members); split equally, by amounts, shares, percents or items',
        ),
        body: createBillBody,
        response: { 200: billResponse, ...all },
      },
    },
    async (req) => ok(await createBill(ctx, req.user, req.body), 'Bill created'),
  );

  app.get(
    '/bills',
    {
      ...base,
      schema: {
        ...doc('The room’s bills, newest first, or those one member paid (ownerId) (members)'),
        querystring: billsListQuery,
        response: { 200: billsResponse, ...all },
      },
    },
    async (req) => {
      const { bills, nextCursor } = await listBills(ctx, req.user, req.query.roomId, req.query);
      return nextCursor === undefined ? ok(bills) : { ...ok(bills), nextCursor };
    },
  );

  app.patch(
    '/bills/:id',
    {
      ...base,
      schema: {
        ...doc('Edit a bill of the open round (its creator, its payer or the host)'),
        params: billIdParams,
        body: editBillBody,
        response: { 200: billResponse, ...all },
      },
    },
    async (req) => ok(await editBill(ctx, req.user, req.params.id, req.body), 'Bill updated'),
  );

  app.get(
    '/rooms/:id/balances',
    {
      ...base,
      schema: {
        ...doc('The open round: what each member paid, owes and nets, and the fewest transfers (members)'),
        params: roomIdParams,
        response: { 200: balancesResponse, ...all },
      },
    },
    async (req) => ok(await roomBalances(ctx, req.user, req.params.id)),
  );

  app.get(
    '/rooms/:id/rounds',
    {
      ...base,
      schema: {
        ...doc(
          'Every consolidated round of the room, newest first, with its bills and transfers (members); with limit/cursor, a page of rounds',
        ),
        params: roomIdParams,
        querystring: roundsQuery,
        response: { 200: roundsResponse, ...all },
      },
    },
    async (req) => {
      const { rounds, nextCursor } = await roomRounds(ctx, req.user, req.params.id, req.query);
      return nextCursor === undefined ? ok(rounds) : { ...ok(rounds), nextCursor };
    },
  );

  app.get(
    '/rooms/:id/bills/summary',
    {
      ...base,
      schema: {
        ...doc(
          'How many bills the room has and their total, and the same per member who paid, newest payer first (members)',
        ),
        params: roomIdParams,
        response: { 200: billsSummaryResponse, ...all },
      },
    },
    async (req) => ok(await billsSummary(ctx, req.user, req.params.id)),
  );

  app.get(
    '/rooms/:id/export.csv',
    {
      ...base,
      schema: {
        ...doc('The room’s bills, shares and payments as CSV (RFC 4180), formulas neutralised (members)'),
        params: roomIdParams,
        produces: ['text/csv'],
        response: { ...all },
      },
    },
    async (req, reply) => {
      const { filename, body } = await exportRoomCsv(ctx, req.user, req.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body as never); // text, not the JSON envelope
    },
  );

  app.delete(
    '/bills/:id',
    {
      ...base,
      schema: {
        ...doc('Delete a bill of the open round (its creator, its payer or the host)'),
        params: billIdParams,
        response: { 200: emptyResponse, ...all },
      },
    },
    async (req) => (await deleteBill(ctx, req.user, req.params.id), ok(null, 'Bill deleted')),
  );

  app.post(
    '/bills/consolidate',
    {
      ...base,
      schema: {
        ...doc('Turn the open round’s bills into the fewest payments and close the round (host)'),
        body: consolidateBody,
        response: { 200: transactionsResponse, ...all },
      },
    },
    async (req) => ok(await consolidate(ctx, req.user, req.body.roomId), 'Bill consolidated successfully'),
  );

  app.get(
    '/bills/consolidate/:roomId',
    {
      ...base,
      schema: {
        ...doc('Whether the room’s bills are consolidated (members)'),
        params: consolidationParams,
        response: { 200: consolidationStatusResponse, ...all },
      },
    },
    async (req) => ok({ isConsolidated: await consolidationStatus(ctx, req.user, req.params.roomId) }),
  );

  app.get(
    '/transactions',
    {
      ...base,
      schema: {
        ...doc('Your transactions as payer or payee (unpaid by default)'),
        tags: ['transactions'],
        querystring: transactionsQuery,
        response: { 200: transactionsResponse, 400: e, 401: e },
      },
    },
    async (req) => {
      const { transactions, nextCursor } = await listTransactions(ctx, req.user, req.query.isPaid, req.query);
      return nextCursor === undefined ? ok(transactions) : { ...ok(transactions), nextCursor };
    },
  );

  app.get(
    '/transactions/:id',
    {
      ...base,
      schema: {
        ...doc('One of your transactions, with its history and the bills it comes from (payer or payee)'),
        tags: ['transactions'],
        params: transactionIdParams,
        response: { 200: transactionResponse, ...all },
      },
    },
    async (req) => ok(await getTransaction(ctx, req.user, req.params.id)),
  );

  const step = (path: string, kind: TransactionChange, summary: string, message: string) =>
    app.patch(
      `/transactions/:id/${path}`,
      {
        ...base,
        schema: {
          ...doc(summary),
          tags: ['transactions'],
          params: transactionIdParams,
          response: { 200: transactionResponse, ...all },
        },
      },
      async (req) => ok(await changeTransaction(ctx, req.user, req.params.id, kind), message),
    );
  step(
    'confirm',
    'confirm',
    'Confirm a payment arrived, or that cash was received (the payee)',
    'Payment confirmed',
  );
  step(
    'dispute',
    'dispute',
    'Report a payment marked paid as not received: unpaid again (the payee)',
    'Payment reported as not received',
  );
  step(
    'undo',
    'undo',
    'Take back a payment marked paid, within 10 minutes and before it is confirmed (the payer)',
    'Payment undone',
  );

  app.get(
    '/balances',
    {
      ...base,
      schema: {
        ...doc('What you owe and are owed, per currency and per person, across every room'),
        tags: ['transactions'],
        response: { 200: overallBalancesResponse, 401: e },
      },
    },
    async (req) => ok(await overallBalances(ctx, req.user)),
  );

  app.patch(
    '/transactions/:id/settle',
    {
      ...base,
      schema: {
        ...doc('Mark a transaction paid (the payer)'),
        tags: ['transactions'],
        params: transactionIdParams,
        response: { 200: transactionResponse, ...all },
      },
    },
    async (req) =>
      ok(await settleTransaction(ctx, req.user, req.params.id), 'Transaction settled successfully!'),
  );
};
