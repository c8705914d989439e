import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billIdParams,
  billResponse,
  billsQuery,
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
  createBill,
  deleteBill,
  listBills,
  listTransactions,
  settleTransaction,
} from './service.js';

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
        ...doc('Add a bill to a room (members, before consolidation)'),
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
        ...doc('The room’s bills, newest first (members)'),
        querystring: billsQuery,
        response: { 200: billsResponse, ...all },
      },
    },
    async (req) => ok(await listBills(ctx, req.user, req.query.roomId)),
  );

  app.delete(
    '/bills/:id',
    {
      ...base,
      schema: {
        ...doc('Delete a bill (its owner or the host, before consolidation)'),
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
        ...doc('Turn the room’s bills into the fewest payments (host)'),
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
    async (req) => ok(await listTransactions(ctx, req.user, req.query.isPaid)),
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
