import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOptionsResponse, transactionsResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser, type TestUser } from '../../test/users.js';
import { crc16ccittFalse } from '@outing/payments';

/**
 * Issue 32, item 3: "Line breaks rewrite the SEPA QR code". An IBAN holder's name with line breaks put the attacker's
 * IBAN and amount on the lines of the payer's EPC code; a room name with `\n` or `\r` added lines too. The name is
 * refused when entered, and whatever a row holds (one stored before the rule, or written around it) no payload
 * carries a line break or another control character from a field.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ATTACK = 'Bob\nDE02120300000000202051\nEUR950.00\n\n\nrefund';
const IBAN = 'DE89370400440532013000';

/** A room in `currency` where `payer` owes `payee` 10.00 after consolidation; the transaction id. */
async function debt(payee: TestUser, payer: TestUser, currency: string) {
  const { room } = await createRoom(t, payee, { name: 'Friday dinner', currency });
  expect((await as(t, payer)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
  const bill = await as(t, payee)('POST', '/v1/bills', {
    name: 'Dinner',
    amount: 20,
    roomId: room.id,
    payers: [payer.id],
  });
  expect(bill.statusCode, bill.body).toBe(200);
  const res = await as(t, payee)('POST', '/v1/bills/consolidate', { roomId: room.id });
  const [tx] = transactionsResponse.parse(res.json()).data;
  expect(tx).toMatchObject({ payerId: payer.id, payeeId: payee.id, amount: 10 });
  return { id: tx!.id, roomId: room.id };
}

/** Writes a handle straight into the table, past every check (a row stored before the rule, say). */
async function storeRaw(u: TestUser, kind: string, value: string, name: string | null) {
  await t.database.pool.query('DELETE FROM payment_methods WHERE user_id = $1', [u.id]);
  await t.database.pool.query(
    'INSERT INTO payment_methods (user_id, position, kind, value, name) VALUES ($1, 0, $2, $3, $4)',
    [u.id, kind, value, name],
  );
}

async function options(payer: TestUser, transactionId: number) {
  const res = await as(t, payer)('GET', `/v1/transactions/${transactionId}/payment-options`);
  expect(res.statusCode, res.body).toBe(200);
  return paymentOptionsResponse.parse(res.json()).data;
}

// C0 controls but none, DEL, C1, the Unicode line and paragraph separators (Python's splitlines breaks on some).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const HIDDEN = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

describe('an IBAN holder name with line breaks', () => {
  it('PUT /users/{id}/payment-methods answers 400 naming the field, never the value, and stores nothing', async () => {
    const bob = await createUser(t);
    const res = await as(t, bob)('PUT', `/v1/users/${bob.id}/payment-methods`, [
      { kind: 'iban', value: IBAN, name: ATTACK },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      message: '0.name: The name cannot contain line breaks or control characters.',
      issues: [{ path: '0.name', message: 'The name cannot contain line breaks or control characters.' }],
    });
    expect(res.body).not.toContain('DE02120300000000202051');
    expect(res.body).not.toContain('EUR950');
    const spoof = await as(t, bob)('PUT', `/v1/users/${bob.id}/payment-methods`, [
      { kind: 'iban', value: IBAN, name: 'Bob\u200b \u202eecilA' },
    ]);
    expect(spoof.statusCode, spoof.body).toBe(400);
    expect(spoof.json().issues).toEqual([
      { path: '0.name', message: 'The name cannot contain text-direction override characters.' },
    ]);
    const zeroWidth = await as(t, bob)('PUT', `/v1/users/${bob.id}/payment-methods`, [
      { kind: 'iban', value: IBAN, name: 'Bo\u200bb' },
    ]);
    expect(zeroWidth.json().issues).toEqual([
      { path: '0.name', message: 'The name cannot contain invisible characters such as zero-width spaces.' },
    ]);
    const { rows } = await t.database.pool.query('SELECT 1 FROM payment_methods WHERE user_id = $1', [
      bob.id,
    ]);
    expect(rows).toEqual([]);
  });

  it('stored anyway, gives an EPC payload with exactly the lines EPC069-12 defines: the real IBAN and amount', async () => {
    const [bob, payer] = await Promise.all([createUser(t), createUser(t)]);
    const tx = await debt(bob, payer, 'EUR');
    // The room's name too, with every kind of line break (written past the rule, as an old row could hold).
    await t.database.pool.query('UPDATE rooms SET name = $2 WHERE id = $1', [
      tx.roomId,
      'Fri\nday\r\nDE02120300000000202051\rEUR950.00\u2028x\u0085y',
    ]);
    await storeRaw(bob, 'iban', IBAN, ATTACK);
    const [epc] = await options(payer, tx.id);
    expect(epc!.kind).toBe('iban');
    expect(epc!.payload).not.toMatch(/\r/);
    expect(epc!.payload.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      '',
      'Bob DE02120300000000202051 EUR950.00 refund',
      IBAN,
      'EUR10.00',
      '',
      '',
      'Outing Fri day DE02120300000000202051 EUR950.00 x y',
    ]);
    for (const line of epc!.payload.split('\n')) expect(line).not.toMatch(CONTROL);
    expect(epc!.label).toBe('Bank transfer (SEPA) · Bob DE02120300000000202051 EUR950.00 refund');
    // A payment reminder adds no line from a stored name either: since issue 32 item 7 it names no handle at all
    // (they could change after it is stored), only where the pay sheet is.
    const remind = await as(t, bob)('POST', '/v1/notifications', {
      userId: payer.id,
      title: 'Reminder',
      content: 'Pay me',
    });
    expect(remind.statusCode, remind.body).toBe(200);
    const content = (remind.json() as { data: { content: string } }).data.content;
    expect(content.split('\n').at(-1)).toBe(`Open "To pay" in Outing to see how to pay ${bob.username}.`);
    expect(content).not.toContain('refund');
    expect(content).not.toContain(IBAN);
  });

  it('PayNow, UPI and the label carry no control, bidi or zero-width character of a stored name', async () => {
    const [bob, payer, ravi, payer2] = await Promise.all([
      createUser(t),
      createUser(t),
      createUser(t),
      createUser(t),
    ]);
    const name = 'Bob\u202e\u200b\r\n\u0007\u001bX\tY \u2066Z\u2069';
    const sgd = await debt(bob, payer, 'SGD');
    await storeRaw(bob, 'paynow', '+6591234567', name);
    const [payNow] = await options(payer, sgd.id);
    expect(payNow!.payload).toMatch(/^[\x20-\x7e]+$/);
    expect(payNow!.payload).toContain('5909Bob X Y Z6009');
    expect(crc16ccittFalse(payNow!.payload.slice(0, -4))).toBe(payNow!.payload.slice(-4));
    expect(payNow!.label).toBe('PayNow · Bob X Y Z');

    const inr = await debt(ravi, payer2, 'INR');
    await storeRaw(ravi, 'upi', 'ravi@oksbi', name);
    const [upi] = await options(payer2, inr.id);
    const pn = new URLSearchParams(upi!.payload.slice('upi://pay?'.length)).get('pn')!;
    expect(pn).toBe('Bob X Y Z');
    for (const option of [payNow!, upi!])
      for (const text of [option.label, decodeURIComponent(option.payload)]) {
        expect(text).not.toMatch(CONTROL);
        expect(text).not.toMatch(HIDDEN);
      }
  });

  it('a stored payment link is offered only as the URL parser writes it: no raw line break or control', async () => {
    const [ann, payer] = await Promise.all([createUser(t), createUser(t)]);
    const tx = await debt(ann, payer, 'USD');
    await storeRaw(ann, 'link', 'https://pay.example.com/a\nb\u0007c d', 'Ann\nLee');
    const [link] = await options(payer, tx.id);
    expect(link).toEqual({
      kind: 'link',
      label: 'Payment link · Ann Lee',
      payload: 'https://pay.example.com/ab%07c%20d',
    });
    await storeRaw(ann, 'link', 'javascript:alert(1)//https://x.example', null);
    expect(await options(payer, tx.id)).toEqual([]);
  });
});
