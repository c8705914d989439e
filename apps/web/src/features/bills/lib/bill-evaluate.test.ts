import { describe, expect, it } from 'vitest';
import { newDraft, switchMode, type BillDraft } from './bill-draft';
import { evaluateDraft, fieldOfPath } from './bill-evaluate';
import { parsePercentInput, parseSharesInput } from './split-inputs';

const members = [7, 11, 12];
const draft = (patch: Partial<BillDraft>): BillDraft => ({ ...newDraft(7, members), name: 'Bill', ...patch });
const ctx = (currency: string, locale = 'en-US') => ({ currency, locale, memberIds: members });

describe('evaluateDraft: amounts in the room’s currency', () => {
  it('JPY has no decimals, KWD three', () => {
    expect(evaluateDraft(draft({ amount: '1.5' }), ctx('JPY')).errors.amount).toBe(
      'JPY amounts have no decimals',
    );
    const yen = evaluateDraft(draft({ amount: '3,001' }), ctx('JPY'));
    expect([...yen.result!.shares.values()].sort()).toEqual([1000, 1000, 1001]);
    expect(yen.body).toEqual({ mode: 'equal', userIds: members });
    const kwd = evaluateDraft(draft({ amount: '1.234' }), ctx('KWD'));
    expect(kwd.total).toBe(1234);
    expect(evaluateDraft(draft({ amount: '1.2345' }), ctx('KWD')).errors.amount).toBe(
      'Use at most 3 decimals',
    );
  });

  it('reads the locale’s decimal comma and refuses the other separator', () => {
    expect(evaluateDraft(draft({ amount: '12,50' }), ctx('EUR', 'de-DE')).total).toBe(1250);
    expect(evaluateDraft(draft({ amount: '12,50' }), ctx('EUR', 'en-US')).errors.amount).toBe(
      'Use . for decimals',
    );
  });

  it('sends exact amounts in major units and says what is left', () => {
    const ev = evaluateDraft(
      draft({ mode: 'exact', amount: '10', exact: { 7: '2.5', 12: '4' } }),
      ctx('USD'),
    );
    expect(ev.left).toEqual({ kind: 'money', value: 350 });
    expect(ev.body).toBeNull();
    expect(ev.errors.exact).toBe('The amounts add up to 6.50, not 10.00');
    const done = evaluateDraft(
      draft({ mode: 'exact', amount: '10', exact: { 7: '6', 12: '4' } }),
      ctx('USD'),
    );
    expect(done.body).toEqual({
      mode: 'exact',
      amounts: [
        { userId: 7, amount: 6 },
        { userId: 12, amount: 4 },
      ],
    });
  });

  it('a new bill whose leftover unit depends on its id is marked "about"; a known id is not', () => {
    expect(evaluateDraft(draft({ amount: '10' }), ctx('USD')).about).toBe(true);
    expect(evaluateDraft(draft({ amount: '9' }), ctx('USD')).about).toBe(false);
    expect(evaluateDraft(draft({ amount: '10' }), { ...ctx('USD'), billId: 4 }).about).toBe(false);
  });
});

describe('evaluateDraft: items', () => {
  it('previews the finished lines while a new one is empty, and sends nothing until it is done', () => {
    const items = [
      { key: 'a', name: 'Soup', amount: '9', userIds: [7, 11, 12] },
      { key: 'b', name: '', amount: '', userIds: [] },
    ];
    const ev = evaluateDraft(draft({ mode: 'items', items }), ctx('USD'));
    expect(ev.total).toBe(900);
    expect([...ev.result!.shares.values()]).toEqual([300, 300, 300]);
    expect(ev.body).toBeNull();
    expect(ev.errors['items.b.amount']).toBe('amount is required');
  });
});

describe('fieldOfPath', () => {
  const order = { userIds: [7, 12], itemKeys: ['i1', 'i9'], chargeKeys: ['c3'] };
  it.each([
    ['name', 'name'],
    ['body.amount', 'amount'],
    ['paidBy', 'paidBy'],
    ['payers', 'split'],
    ['split.userIds.1', 'equal'],
    ['split.amounts.1.amount', 'exact.12'],
    ['split.amounts', 'exact'],
    ['split.percents.0.percent', 'percent.7'],
    ['split.shares.1.shares', 'shares.12'],
    ['body.split.items.1.amount', 'items.i9.amount'],
    ['split.items.0.userIds.2', 'items.i1.userIds'],
    ['split.charges.0.percent', 'charges.c3.percent'],
    ['split.items', 'items'],
    ['split.mode', 'split'],
    ['roomId', null],
  ])('%s → %s', (path, field) => expect(fieldOfPath(path, order)).toBe(field));
});

describe('inputs', () => {
  it('percentages become basis points', () => {
    expect(parsePercentInput('12.5', 'en-US')).toEqual({ ok: true, value: 1250 });
    expect(parsePercentInput('33,33', 'de-DE')).toEqual({ ok: true, value: 3333 });
    expect(parsePercentInput('100', 'en-US')).toEqual({ ok: true, value: 10000 });
    expect(parsePercentInput('100.01', 'en-US')).toMatchObject({ ok: false });
    expect(parsePercentInput('1.234', 'en-US')).toEqual({
      ok: false,
      message: 'Percent can have at most 2 decimals',
    });
    expect(parsePercentInput('12,5', 'en-US')).toEqual({ ok: false, message: 'Use . for decimals' });
  });
  it('shares are whole numbers', () => {
    expect(parseSharesInput('2')).toEqual({ ok: true, value: 2 });
    expect(parseSharesInput('1.5')).toMatchObject({ ok: false });
  });
  it('shares mode starts from the equal split’s people, one each, once', () => {
    const d = switchMode(draft({ equal: [7, 12] }), 'shares');
    expect(d.shares).toEqual({ 7: '1', 12: '1' });
    expect(switchMode({ ...d, shares: { 7: '3' } }, 'shares').shares).toEqual({ 7: '3' });
  });
});
