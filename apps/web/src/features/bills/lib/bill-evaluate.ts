import type { SplitInput as SplitBody } from '@outing/contract';
import {
  MAX_CHARGE_NAME,
  MAX_ITEM_NAME,
  MAX_QUANTITY,
  SplitError,
  computeBill,
  computeSplit,
  type BillSplitSpec,
  type ChargeSpec,
  type SplitResult,
  type SplitSpec,
} from '@outing/ledger';
import { currencyDigits, parseMoneyInput, toAmount } from '@/lib/money';
import type { BillDraft } from './bill-draft';
import { t } from '@/lib/i18n/i18n';
import { splitErrorText } from './split-error-text';
import { parsePercentInput, parseSharesInput } from './split-inputs';

// The bill form's one computation: the draft (text) → integers → `computeSplit` from @outing/ledger, the function
// the server runs, so the live shares and the review are what the server will store. Errors are keyed by field
// (`amount`, `exact.11`, `items.i3.amount`, …) so each shows beside its input.

export interface EvaluateContext {
  currency: string;
  locale: string;
  /** The members, in the order the form lists them. */
  memberIds: number[];
  /** The bill's id when editing; a new bill's id is not known yet (it picks who gets a leftover unit). */
  billId?: number;
}

/** What was sent in which order: turns a path like `split.amounts.2.amount` back into the field it names. */
export interface SentOrder {
  userIds: number[];
  itemKeys: string[];
  chargeKeys: string[];
}

export interface Evaluation {
  /** Every problem, by field key. */
  errors: Record<string, string>;
  /** The bill's amount in minor units, when known (items: derived from the items and charges). */
  total: number | null;
  /** Everyone's share in minor units, when the split is complete. */
  result: SplitResult | null;
  /** A new bill whose leftover unit(s) go to people chosen by the id it will get: shares may move by one unit. */
  about: boolean;
  /** Exact: amount − Σ amounts (minor); percent: 100% − Σ (basis points). */
  left: { kind: 'money' | 'percent'; value: number } | null;
  /** The `split` to send, when every field is valid and the ledger accepts it. */
  body: SplitBody | null;
  order: SentOrder;
}

/** The field a server or ledger path names (`body.split.items.2.amount` → `items.<key>.amount`), or null. */
export function fieldOfPath(path: string, order: SentOrder): string | null {
  const parts = path.replace(/^body\./, '').split('.');
  const [head, list, index, field] = parts;
  if (head === 'name' || head === 'amount' || head === 'paidBy') return head;
  if (head === 'payers' || head === 'includeOwner') return 'split';
  if (head !== 'split') return null;
  const n = Number(index);
  switch (list) {
    case 'userIds':
      return 'equal';
    case 'amounts':
    case 'shares':
    case 'percents': {
      const group = list === 'amounts' ? 'exact' : list === 'percents' ? 'percent' : 'shares';
      const id = order.userIds[n];
      return index !== undefined && id !== undefined ? `${group}.${id}` : group;
    }
    case 'items':
    case 'charges': {
      const key = (list === 'items' ? order.itemKeys : order.chargeKeys)[n];
      if (index === undefined || key === undefined) return list;
      return `${list}.${key}.${field ?? 'name'}`;
    }
    default:
      return 'split';
  }
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };
const money = (text: string, ctx: EvaluateContext, allowZero = false): Parsed<number> => {
  const r = parseMoneyInput(text, ctx.currency, ctx.locale, { allowZero });
  return r.ok ? { ok: true, value: r.minor } : r;
};

export function evaluateDraft(draft: BillDraft, ctx: EvaluateContext): Evaluation {
  const errors: Record<string, string> = {};
  const order: SentOrder = { userIds: [], itemKeys: [], chargeKeys: [] };
  const name = draft.name.trim();
  if (name === '') errors.name = t('bills.billNameRequired');
  else if (name.length > 60) errors.name = t('bills.billNameTooLong');
  if (!ctx.memberIds.includes(draft.paidBy)) errors.paidBy = t('bills.errors.paidBy');

  let total: number | null = null;
  if (draft.mode !== 'items') {
    if (draft.amount.trim() === '') errors.amount = t('bills.errors.amountRequired');
    else {
      const a = money(draft.amount, ctx);
      if (a.ok) total = a.value;
      else errors.amount = a.message;
    }
  }

  // Per-person fields: every member whose field is filled in, in the form's order. (A declaration, not an arrow:
  // `<T>(…) =>` reads as JSX to the hard-coded-text test's TSX parser.)
  function perPerson<T>(values: Record<number, string>, key: string, parse: (t: string) => Parsed<T>) {
    const rows: { userId: number; value: T }[] = [];
    let complete = true;
    for (const id of ctx.memberIds) {
      const text = values[id] ?? '';
      if (text.trim() === '') continue;
      const r = parse(text);
      if (r.ok) rows.push({ userId: id, value: r.value });
      else {
        errors[`${key}.${id}`] = r.message;
        complete = false;
      }
    }
    order.userIds = rows.map((r) => r.userId);
    return { rows, complete };
  }

  let spec: BillSplitSpec | null = null;
  let body: SplitBody | null = null;
  let left: Evaluation['left'] = null;
  let complete = true;
  switch (draft.mode) {
    case 'equal': {
      const userIds = ctx.memberIds.filter((id) => draft.equal.includes(id));
      order.userIds = userIds;
      spec = { mode: 'equal', userIds };
      body = { mode: 'equal', userIds };
      break;
    }
    case 'exact': {
      const p = perPerson(draft.exact, 'exact', (t) => money(t, ctx, true));
      complete = p.complete;
      const sum = p.rows.reduce((s, r) => s + r.value, 0);
      if (total !== null) left = { kind: 'money', value: total - sum };
      spec = { mode: 'exact', amounts: p.rows.map((r) => ({ userId: r.userId, minor: r.value })) };
      body = {
        mode: 'exact',
        amounts: p.rows.map((r) => ({ userId: r.userId, amount: toAmount(r.value, ctx.currency) })),
      };
      break;
    }
    case 'shares': {
      const p = perPerson(draft.shares, 'shares', parseSharesInput);
      complete = p.complete;
      spec = { mode: 'shares', shares: p.rows.map((r) => ({ userId: r.userId, shares: r.value })) };
      body = { mode: 'shares', shares: p.rows.map((r) => ({ userId: r.userId, shares: r.value })) };
      break;
    }
    case 'percent': {
      const p = perPerson(draft.percent, 'percent', (t) => parsePercentInput(t, ctx.locale));
      complete = p.complete;
      left = { kind: 'percent', value: 10_000 - p.rows.reduce((s, r) => s + r.value, 0) };
      spec = { mode: 'percent', percents: p.rows.map((r) => ({ userId: r.userId, basisPoints: r.value })) };
      body = { mode: 'percent', percents: p.rows.map((r) => ({ userId: r.userId, percent: r.value / 100 })) };
      break;
    }
    case 'items':
      ({ spec, body, complete } = itemsSpec(draft, ctx, errors, order));
      break;
  }

  let result: SplitResult | null = null;
  let about = false;
  if (spec && (total !== null || draft.mode === 'items')) {
    try {
      result = compute(ctx.billId ?? 0, spec, total, ctx);
      if (ctx.billId === undefined) about = dependsOnId(result, spec, ctx);
    } catch (error) {
      if (!(error instanceof SplitError)) throw error;
      const field = fieldOfPath(error.path, order) ?? 'split';
      errors[field] ??= splitErrorText(error.message);
    }
  }
  if (draft.mode === 'items') total = result?.total ?? null;
  const ok = complete && result !== null && Object.keys(errors).length === 0;
  // Items preview the finished lines while another is being typed; in the other modes a field that does not
  // read would make every share wrong, so none is shown until it does.
  const shown = complete || draft.mode === 'items' ? result : null;
  return { errors, total, result: shown, about, left, body: ok ? body : null, order };
}

/** A leading minus (ASCII or typographic) and the text after it. */
function signOf(text: string): { negative: boolean; rest: string } {
  const s = text.trim();
  return /^[-−–]/.test(s) ? { negative: true, rest: s.slice(1).trim() } : { negative: false, rest: s };
}

/** A receipt line's quantity as typed: empty (1, not sent) or a whole number from 1 to 10,000. */
function parseQuantity(text: string): Parsed<number | undefined> {
  const s = text.trim();
  if (s === '') return { ok: true, value: undefined };
  if (!/^\d{1,5}$/.test(s) || Number(s) < 1 || Number(s) > MAX_QUANTITY)
    return { ok: false, message: t('bills.errors.quantityRange', { max: MAX_QUANTITY }) };
  return { ok: true, value: Number(s) };
}

/** Items mode: rows with an amount and people preview at once; a row still being typed is left out until done. */
function itemsSpec(draft: BillDraft, ctx: EvaluateContext, errors: Record<string, string>, order: SentOrder) {
  let complete = true;
  type Row = { name: string; minor: number; userIds: number[] | 'all'; quantity?: number; key: string };
  const items: Row[] = [];
  for (const item of draft.items) {
    const base = `items.${item.key}`;
    const name = item.name.trim();
    if (name === '') errors[`${base}.name`] = t('bills.errors.itemNameRequired');
    else if (name.length > MAX_ITEM_NAME)
      errors[`${base}.name`] = t('bills.errors.itemNameTooLong', { max: MAX_ITEM_NAME });
    const a = item.amount.trim() === '' ? null : money(item.amount, ctx);
    if (a === null) errors[`${base}.amount`] = t('bills.errors.amountRequired');
    else if (!a.ok) errors[`${base}.amount`] = a.message;
    const q = parseQuantity(item.quantity ?? '');
    if (!q.ok) errors[`${base}.quantity`] = q.message;
    const userIds = item.everyone ? ctx.memberIds : ctx.memberIds.filter((id) => item.userIds.includes(id));
    if (userIds.length === 0)
      errors[`${base}.userIds`] = t('bills.errors.whoHad', { hasName: name ? 'yes' : 'no', name });
    if (a?.ok && q.ok && userIds.length > 0)
      items.push({
        name: name || 'Item',
        minor: a.value,
        userIds: item.everyone ? 'all' : userIds,
        ...(q.value !== undefined && { quantity: q.value }),
        key: item.key,
      });
    else complete = false;
  }
  if (draft.items.length === 0) errors.items = t('bills.errors.addItem');
  const charges: { spec: ChargeSpec; key: string }[] = [];
  for (const charge of draft.charges) {
    const base = `charges.${charge.key}`;
    const name = charge.name.trim();
    if (name === '') errors[`${base}.name`] = t('bills.errors.chargeNameRequired');
    else if (name.length > MAX_CHARGE_NAME)
      errors[`${base}.name`] = t('bills.errors.chargeNameTooLong', { max: MAX_CHARGE_NAME });
    const label = name || 'Charge';
    // "Discount" or a typed minus takes it off; both at once is still one minus.
    if (charge.kind === 'amount') {
      const { negative, rest } = signOf(charge.amount);
      const m = rest === '' ? null : money(rest, ctx);
      const sign = negative || charge.discount ? -1 : 1;
      if (m?.ok) charges.push({ spec: { name: label, minor: sign * m.value }, key: charge.key });
      else {
        errors[`${base}.amount`] = m ? m.message : t('bills.errors.amountRequired');
        complete = false;
      }
    } else {
      const { negative, rest } = signOf(charge.percent);
      const p = parsePercentInput(rest, ctx.locale);
      const sign = negative || charge.discount ? -1 : 1;
      if (p.ok) charges.push({ spec: { name: label, basisPoints: sign * p.value }, key: charge.key });
      else {
        errors[`${base}.percent`] = p.message;
        complete = false;
      }
    }
  }
  if (items.length === 0) return { spec: null, body: null, complete: false };
  order.itemKeys = items.map((i) => i.key);
  order.chargeKeys = charges.map((c) => c.key);
  const spec: BillSplitSpec = {
    mode: 'items',
    items: items.map(({ key: _key, ...item }) => item),
    charges: charges.map((c) => c.spec),
  };
  const body: SplitBody = {
    mode: 'items',
    items: items.map(({ name, minor, userIds, quantity }) => ({
      name,
      amount: toAmount(minor, ctx.currency),
      userIds,
      ...(quantity !== undefined && { quantity }),
    })),
    charges: charges.map(({ spec: c }) =>
      c.basisPoints !== undefined
        ? { name: c.name, percent: c.basisPoints / 100 }
        : { name: c.name, amount: toAmount(c.minor, ctx.currency) },
    ),
  };
  return { spec, body, complete: complete && draft.items.length > 0 };
}

/**
 * The ledger's computation the server runs: `computeSplit` for the first modes, `computeBill` (docs/money.md "Real
 * bills") for a receipt, whose items may be for everyone and whose charges may be fixed or negative. The bill's
 * currency is the room's here; who paid changes no share.
 */
function compute(
  billId: number,
  spec: BillSplitSpec,
  total: number | null,
  ctx: EvaluateContext,
): SplitResult {
  if (spec.mode !== 'items')
    return computeSplit({
      billId,
      exponent: currencyDigits(ctx.currency),
      split: spec as SplitSpec,
      ...(total !== null && { total }),
    });
  const bill = computeBill({
    billId,
    roomCurrency: ctx.currency,
    split: spec,
    members: ctx.memberIds,
    paidBy: ctx.memberIds[0] ?? 1,
  });
  const shares = new Map(bill.originalShares.map((s) => [s.userId, s.minor] as const));
  return { total: bill.originalAmount, shares, ...(bill.charges && { charges: bill.charges }) };
}

/** Whether the rounding's leftover units land on different people depending on the bill's id (the tie rule of docs/api/README.md#splitting). */
function dependsOnId(result: SplitResult, split: BillSplitSpec, ctx: EvaluateContext): boolean {
  const n = result.shares.size;
  for (let billId = 1; billId < n; billId++) {
    const other = compute(billId, split, result.total, ctx).shares;
    for (const [id, minor] of result.shares) if (other.get(id) !== minor) return true;
  }
  return false;
}
