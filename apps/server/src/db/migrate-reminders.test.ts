import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.js';

/** 0019 (issue 32): stored payment reminders lose the payee's handles as they were when sent. */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('0019: reminders without handles', () => {
  it('replaces the handles line of every stored reminder with where to pay, and nothing else', async () => {
    const q = async (text: string, values: unknown[] = []) => (await t.pool.query(text, values)).rows;
    const [payee, payer] = await q(
      `INSERT INTO users (username, email, password_hash, is_email_valid)
       SELECT 'remind' || i, 'remind' || i || '@example.com', 'x', true FROM generate_series(1, 2) i RETURNING id`,
    );
    const stored = [
      // As the reminders of issue #19 were written: the client's text, what is owed, then the handles.
      [
        'payment_reminder',
        payee.id,
        'Pay me back!\nPay with cash is fine\nYou owe remind1 $25.50 for Lunch.\nPay with PayNow +6591234567 · PayPal old.',
      ],
      // A payee without handles had no such line; another kind is never touched.
      ['payment_reminder', payee.id, 'Please!\nYou owe remind1 $5.00 for Tea.'],
      ['transaction_paid', payee.id, 'x\nPay with PayNow +6591234567'],
      // No actor known (an old row): "them".
      [
        'payment_reminder',
        null,
        'Hi\nYou owe x $1.00 for Y.\nPay with IBAN DE89370400440532013000 (Old Name).',
      ],
    ];
    for (const [kind, actor, content] of stored)
      await q(
        `INSERT INTO notifications (user_id, kind, title, content, actor_id) VALUES ($1, $2, 'Reminder', $3, $4)`,
        [payer.id, kind, content, actor],
      );
    const sql = await readFile(
      new URL('./migrations/0019_reminders_without_handles.sql', import.meta.url),
      'utf8',
    );
    await q(sql);
    await q(sql); // idempotent
    const rows = await q('SELECT content FROM notifications WHERE user_id = $1 ORDER BY id', [payer.id]);
    expect(rows.map((r) => r.content)).toEqual([
      'Pay me back!\nPay with cash is fine\nYou owe remind1 $25.50 for Lunch.\nOpen "To pay" in Outing to see how to pay remind1.',
      'Please!\nYou owe remind1 $5.00 for Tea.',
      'x\nPay with PayNow +6591234567',
      'Hi\nYou owe x $1.00 for Y.\nOpen "To pay" in Outing to see how to pay them.',
    ]);
  });
});
