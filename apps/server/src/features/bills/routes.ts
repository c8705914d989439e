import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billEndpoints as bills, transactionEndpoints as transactions } from '@outing/contract';
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
import { billActivity, roomActivity } from './activity.js';
import { roomStats } from './stats.js';
import { recordPayment, settleWith } from './record-payment.js';
import { restoreBill } from './service.js';
import { changeTransaction, getTransaction } from './transactions.js';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';

/** A list's envelope: `nextCursor` beside `data` when the list was read a page at a time. */
const page = <T>(data: T, nextCursor: string | null | undefined) =>
  nextCursor === undefined ? ok(data) : { ...ok(data), nextCursor };

/**
 * Bills and transactions (docs/money.md). Each route is declared in packages/contract/src/endpoints (bills.ts,
 * transactions.ts): its path, schemas, errors, summary and who may call it (decision 020).
 */
export const billRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.deps.db, events: app.deps.events, hub: app.hub };

  route(app, bills.create, async (req) => ok(await createBill(ctx, req.user, req.body), 'Bill created'));

  route(app, bills.list, async (req) => {
    const { bills: list, nextCursor } = await listBills(ctx, req.user, req.query.roomId, req.query);
    return page(list, nextCursor);
  });

  route(app, bills.edit, async (req) =>
    ok(await editBill(ctx, req.user, req.params.id, req.body), 'Bill updated'),
  );

  route(app, bills.roomBalances, async (req) => ok(await roomBalances(ctx, req.user, req.params.id)));

  route(app, bills.rounds, async (req) => {
    const { rounds, nextCursor } = await roomRounds(ctx, req.user, req.params.id, req.query);
    return page(rounds, nextCursor);
  });

  route(app, bills.summary, async (req) => ok(await billsSummary(ctx, req.user, req.params.id)));

  route(app, bills.stats, async (req) => ok(await roomStats(ctx, req.user, req.params.id)));

  route(app, bills.exportCsv, async (req, reply) => {
    const { filename, body } = await exportRoomCsv(ctx, req.user, req.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(body as never); // text, not the JSON envelope
  });

  route(
    app,
    bills.remove,
    async (req) => (await deleteBill(ctx, req.user, req.params.id), ok(null, 'Bill deleted')),
  );

  route(app, bills.restore, async (req) =>
    ok(await restoreBill(ctx, req.user, req.params.id), 'Bill restored'),
  );

  route(app, bills.roomActivity, async (req) => {
    const { entries, nextCursor } = await roomActivity(ctx, req.user, req.params.id, req.query);
    return { ...ok(entries), nextCursor };
  });

  route(app, bills.billActivity, async (req) => {
    const { entries, nextCursor } = await billActivity(ctx, req.user, req.params.id, req.query);
    return { ...ok(entries), nextCursor };
  });

  route(app, transactions.record, async (req) =>
    ok(await recordPayment(ctx, req.user, req.body), 'Payment recorded'),
  );

  // `self`: another user's id is refused before this runs (lib/route.ts).
  route(
    app,
    transactions.settleWith,
    async (req) => ok(await settleWith(ctx, req.user, req.body), 'Payments recorded'),
    { notSelf: 'You can only settle your own debts.' },
  );

  route(app, bills.consolidate, async (req) =>
    ok(await consolidate(ctx, req.user, req.body.roomId), 'Bill consolidated successfully'),
  );

  route(app, bills.consolidation, async (req) =>
    ok({ isConsolidated: await consolidationStatus(ctx, req.user, req.params.roomId) }),
  );

  route(app, transactions.list, async (req) => {
    const { transactions: list, nextCursor } = await listTransactions(
      ctx,
      req.user,
      req.query.isPaid,
      req.query,
    );
    return page(list, nextCursor);
  });

  route(app, transactions.get, async (req) => ok(await getTransaction(ctx, req.user, req.params.id)));

  route(app, transactions.confirm, async (req) =>
    ok(await changeTransaction(ctx, req.user, req.params.id, 'confirm'), 'Payment confirmed'),
  );
  route(app, transactions.dispute, async (req) =>
    ok(await changeTransaction(ctx, req.user, req.params.id, 'dispute'), 'Payment reported as not received'),
  );
  route(app, transactions.undo, async (req) =>
    ok(await changeTransaction(ctx, req.user, req.params.id, 'undo'), 'Payment undone'),
  );

  route(app, transactions.balances, async (req) => ok(await overallBalances(ctx, req.user)));

  route(app, transactions.settle, async (req) =>
    ok(await settleTransaction(ctx, req.user, req.params.id), 'Transaction settled successfully!'),
  );
};
