import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser } from '../../test/users.js';
import { csvCell, csvRows } from './export-csv.js';

/**
 * Issue 32, item 7: CSV cells such as `x;=1+1` went out unquoted (Excel in many locales splits on `;`, and the
 * second cell then runs as a formula), and a full-width `＝` was not neutralised (spreadsheets read it as `=`).
 */

describe('csvCell', () => {
  it('neutralises a cell that starts, after optional white space, with a formula character, ASCII or full-width', () => {
    for (const [text, cell] of [
      ['=1+1', `'=1+1`],
      ['+1 taxi', `'+1 taxi`],
      ['-2+3', `'-2+3`],
      ['@SUM(A1)', `'@SUM(A1)`],
      ['＝1+1', `'＝1+1`],
      ['＋1', `'＋1`],
      ['－1', `'－1`],
      ['＠SUM(A1)', `'＠SUM(A1)`],
      ['﹦1+1', `'﹦1+1`],
      [' =1+1', `' =1+1`],
      ['\u00a0\u3000＝1+1', `'\u00a0\u3000＝1+1`],
      ['\t=1+1', `"'\t=1+1"`],
      ['\r=1+1', `"'\r=1+1"`],
      ['\n=1+1', `"'\n=1+1"`],
    ])
      expect(csvCell(text!), JSON.stringify(text)).toBe(cell);
  });

  it('quotes a cell holding the separator, a semicolon, a quote, a tab, CR or LF', () => {
    expect(csvCell('x;=1+1')).toBe('"x;=1+1"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell('Dinner at Luigi’s')).toBe('Dinner at Luigi’s');
    expect(csvCell('')).toBe('');
  });

  it('writes the amounts the export formats itself as numbers, negative ones too; text that looks so is text', () => {
    expect(csvCell({ number: '-12.50' })).toBe('-12.50');
    expect(csvCell({ number: '1200' })).toBe('1200');
    expect(csvCell('-12.50')).toBe(`'-12.50`);
    // Only digits are numbers: anything else given as one is written as text.
    expect(csvCell({ number: '-1+1' })).toBe(`'-1+1`);
    expect(csvRows([['Bill', { number: '-0.05' }, 'x;y']])).toBe('Bill,-0.05,"x;y"\r\n');
  });
});

describe('GET /v1/rooms/{id}/export.csv with formula-like names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('quotes x;=1+1, neutralises ＝1+1 and -2+3 taxi, and leaves the amounts numbers', async () => {
    const [ann, ben] = await Promise.all([createUser(t), createUser(t)]);
    const { room } = await createRoom(t, ann, { currency: 'EUR' });
    expect((await as(t, ben)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
    const names = ['x;=1+1', '＝1+1', ' -2+3 taxi', '＠SUM(A1)'];
    for (const name of names) {
      const res = await as(t, ann)('POST', '/v1/bills', {
        name,
        amount: 10,
        roomId: room.id,
        payers: [ben.id],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // A stored name the API would now refuse (a tab), as an old row may hold.
    await t.database.pool.query(`UPDATE bills SET name = $2 WHERE room_id = $1 AND name = '＠SUM(A1)'`, [
      room.id,
      '\t=1+1',
    ]);
    const res = await as(t, ben)('GET', `/v1/rooms/${room.id}/export.csv`);
    expect(res.statusCode, res.body).toBe(200);
    const bills = res.body.split('\r\n').filter((l) => l.startsWith('Bill,'));
    expect(bills).toHaveLength(4);
    expect(bills[0]).toMatch(/^Bill,Open,[^,]+,"x;=1\+1",[a-z0-9_.]+,,10\.00,EUR,$/);
    expect(bills[1]).toMatch(/^Bill,Open,[^,]+,'＝1\+1,/);
    // The API trims names: " -2+3 taxi" is stored as "-2+3 taxi".
    expect(bills[2]).toMatch(/^Bill,Open,[^,]+,'-2\+3 taxi,/);
    expect(bills[3]).toMatch(/^Bill,Open,[^,]+,"'\t=1\+1",/);
    for (const line of res.body.split('\r\n').filter((l) => l.startsWith('Share,')))
      expect(line).toMatch(/,\d+\.\d{2},EUR,$/);
  });
});
