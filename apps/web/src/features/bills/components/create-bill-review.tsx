import { useEffect, useRef } from 'react';
import type { User } from '@outing/contract';
import type { SplitResult } from '@outing/ledger';
import { FormAlert } from '@/components/form/form-alert';
import { ButtonSpinner, primaryButtonClass } from '@/components/form/submit-button';
import { useT } from '@/lib/i18n/use-t';
import { formatMoney, parseMoneyInput } from '@/lib/money';
import { BILL_CATEGORIES } from '@/entities/bill-category';
import { MODE_LABELS, type BillDraft, type ChargeDraft } from '../lib/bill-draft';
import type { BillExtras } from '../lib/bill-extras';
import type { ForeignBody } from '../lib/bill-foreign';
import type { RoomAmounts } from '../lib/bill-room-amounts';
import { listNames } from '@/lib/i18n/list-format';
import { displayName } from './split-people';
import { PersonName } from './person-name';
import { ReviewAmount } from './review-amount';
import { ReviewLeftOut } from './review-left-out';

interface BillReviewProps {
  draft: BillDraft;
  extras: BillExtras;
  result: SplitResult;
  about: boolean;
  members: User[];
  meId: number;
  /** The bill's currency: the items, charges and total as printed are in it. */
  currency: string;
  /** The room's currency: what everyone owes is in it. */
  roomCurrency: string;
  /** Who paid what, in the bill's currency (one payer: the whole total). */
  payers: readonly { userId: number; minor: number }[];
  /** A bill in another currency: how it was converted, and the shares and payers in the room's currency. */
  foreign: ForeignBody | null;
  room: RoomAmounts | null;
  locale: string;
  alert: string | null;
  busy: boolean;
  saveLabel: string;
  onSave: () => void;
  onBack: () => void;
}

const rowClass = 'flex items-baseline justify-between gap-3 py-2 text-sm';

/** The bill as it will be saved: the final shares and, for items, the charges as rounded on the receipt. */
export function BillReview(props: BillReviewProps) {
  const { draft, extras, result, members, meId, currency, roomCurrency, locale, alert, busy } = props;
  const { room, foreign } = props;
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const roomMoney = (minor: number) => formatMoney(minor, roomCurrency, locale);
  // What each person owes and each payer put down, in the room's currency (the bill's when it is the room's).
  const shares = room
    ? room.shares
    : [...result.shares].map(([userId, minor]) => ({ userId, minor, original: minor }));
  const payers = room ? room.payers : props.payers.map((p) => ({ ...p, original: p.minor }));
  const about = props.about || (room?.about ?? false);
  const conversion =
    room && foreign
      ? 'rate' in foreign
        ? t('bills.review.conversionRate', {
            original: money(result.total),
            rate: foreign.rate,
            amount: roomMoney(room.amount),
          })
        : t('bills.review.conversionStatement', {
            original: money(result.total),
            amount: roomMoney(room.amount),
          })
      : null;
  const nameOf = (id: number) => {
    const m = members.find((p) => p.id === id);
    return m ? displayName(m, meId) : t('bills.member', { id });
  };
  const isGuest = (id: number) => members.some((p) => p.id === id && p.isGuest);
  const itemMinor = (text: string) => {
    const r = parseMoneyInput(text, currency, locale);
    return r.ok ? r.minor : 0;
  };

  return (
    <section aria-labelledby="bill-review-heading" className="flex flex-col gap-5">
      <FormAlert message={alert} />
      <div>
        <h2
          id="bill-review-heading"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {t('bills.review.heading')}
        </h2>
        <p className="text-sm text-slate-600">{t('bills.review.hint')}</p>
      </div>
      <dl className="divide-y divide-slate-100 rounded-2xl bg-surface px-4 ring-1 ring-slate-200">
        <div className={rowClass}>
          <dt className="text-slate-600">{t('bills.review.bill')}</dt>
          <dd className="min-w-0 truncate font-semibold text-slate-900">{draft.name.trim()}</dd>
        </div>
        <div className={rowClass}>
          <dt className="shrink-0 text-slate-600">{t('bills.review.paidBy')}</dt>
          <dd className="min-w-0 font-semibold text-slate-900">
            {payers.length > 1 ? (
              <ul className="flex flex-col items-end gap-1">
                {payers.map((p) => (
                  <li key={p.userId} data-testid="review-payer" className="flex items-baseline gap-2">
                    <PersonName name={nameOf(p.userId)} isGuest={isGuest(p.userId)} />
                    <ReviewAmount text={roomMoney(p.minor)} original={room ? money(p.original) : null} />
                  </li>
                ))}
              </ul>
            ) : (
              <PersonName name={nameOf(draft.paidBy)} isGuest={isGuest(draft.paidBy)} />
            )}
          </dd>
        </div>
        <div className={rowClass}>
          <dt className="text-slate-600">{t('bills.review.split')}</dt>
          <dd className="font-semibold text-slate-900">{t(MODE_LABELS[draft.mode])}</dd>
        </div>
        <div className={rowClass}>
          <dt className="text-slate-600">{t('bills.review.total')}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{money(result.total)}</dd>
        </div>
        {conversion && (
          <div className="flex flex-col gap-0.5 py-2 text-sm">
            <dt className="text-slate-600">{t('bills.review.inRoomCurrency', { currency: roomCurrency })}</dt>
            <dd data-testid="review-conversion" className="font-semibold text-slate-900 tabular-nums">
              {conversion}
            </dd>
          </div>
        )}
        {extras.category && <ReviewCategory category={extras.category} />}
        {extras.receipt && (
          <div className={rowClass}>
            <dt className="text-slate-600">{t('bills.receipt.heading')}</dt>
            <dd className="font-semibold text-slate-900">{t('bills.review.receiptAttached')}</dd>
          </div>
        )}
        {extras.note.trim() !== '' && (
          <div className="flex flex-col gap-0.5 py-2 text-sm">
            <dt className="text-slate-600">{t('bills.review.note')}</dt>
            <dd className="break-words whitespace-pre-line text-slate-900">{extras.note.trim()}</dd>
          </div>
        )}
      </dl>
      {draft.mode === 'items' && (
        <section aria-labelledby="review-receipt-heading">
          <h3 id="review-receipt-heading" className="mb-2 text-sm font-semibold text-slate-800">
            {t('bills.review.receipt')}
          </h3>
          <ul className="divide-y divide-slate-100 rounded-2xl bg-surface px-4 ring-1 ring-slate-200">
            {draft.items.map((item) => {
              const name = item.name.trim();
              const quantity = item.quantity?.trim() ?? '';
              return (
                <li key={item.key} data-testid="review-item" className={rowClass}>
                  <span className="min-w-0">
                    <span className="block truncate text-slate-900">
                      {quantity !== '' ? t('bills.review.quantityItem', { quantity, name }) : name}
                    </span>
                    <span className="block truncate text-xs text-slate-600">
                      {item.everyone
                        ? t('bills.review.everyone')
                        : listNames(
                            members
                              .filter((m) => item.userIds.includes(m.id))
                              .map((m) => displayName(m, meId)),
                          )}
                    </span>
                  </span>
                  <span className="shrink-0 tabular-nums">{money(itemMinor(item.amount))}</span>
                </li>
              );
            })}
            {result.charges && result.charges.length > 0 && (
              <li data-testid="review-subtotal" className={`${rowClass} font-semibold text-slate-900`}>
                <span>{t('bills.review.subtotal')}</span>
                <span className="shrink-0 tabular-nums">
                  {money(draft.items.reduce((sum, item) => sum + itemMinor(item.amount), 0))}
                </span>
              </li>
            )}
            {result.charges?.map((charge, i) => (
              <li key={i} data-testid="charge" className={rowClass}>
                <span className="min-w-0 truncate text-slate-900">
                  {charge.name.trim()}
                  {chargeRate(draft.charges[i])}
                </span>
                <span className="shrink-0 tabular-nums">{money(charge.minor)}</span>
              </li>
            ))}
            {result.charges && result.charges.length > 0 && (
              <li data-testid="review-receipt-total" className={`${rowClass} font-semibold text-slate-900`}>
                <span>{t('bills.review.total')}</span>
                <span className="shrink-0 tabular-nums">{money(result.total)}</span>
              </li>
            )}
          </ul>
        </section>
      )}
      <section aria-labelledby="review-shares-heading">
        <h3 id="review-shares-heading" className="mb-2 text-sm font-semibold text-slate-800">
          {t('bills.eachShare')}
        </h3>
        <ul
          aria-label={t('bills.review.finalShares')}
          className="divide-y divide-slate-100 rounded-2xl bg-brand-50 dark:bg-brand-950/40 px-4 ring-1 ring-brand-100 dark:ring-brand-800"
        >
          {shares.map(({ userId, minor, original }) => (
            <li key={userId} data-testid="review-share" className={rowClass}>
              <PersonName name={nameOf(userId)} isGuest={isGuest(userId)} className="text-slate-900" />
              <ReviewAmount text={roomMoney(minor)} original={room ? money(original) : null} />
            </li>
          ))}
        </ul>
        {about && (
          <p className="mt-2 text-xs text-slate-700">{t('bills.extraUnit', { amount: roomMoney(1) })}</p>
        )}
      </section>
      <ReviewLeftOut
        members={members}
        meId={meId}
        sharing={shares.filter((s) => s.minor > 0).map((s) => s.userId)}
        paying={payers.length > 1 ? payers.map((p) => p.userId) : [draft.paidBy]}
      />
      <div className="flex flex-col gap-3">
        <button
          type="button"
          onClick={props.onSave}
          disabled={busy}
          aria-busy={busy}
          className={primaryButtonClass}
        >
          {busy && <ButtonSpinner />}
          {props.saveLabel}
        </button>
        <button
          type="button"
          onClick={props.onBack}
          disabled={busy}
          className="inline-flex h-12 w-full items-center justify-center rounded-full px-6 text-base font-semibold text-brand-700 dark:text-brand-300 ring-1 ring-brand-200 dark:ring-brand-800 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
        >
          {t('bills.review.back')}
        </button>
      </div>
    </section>
  );
}

/** A percent charge's rate as the receipt prints it beside the name (" (10%)", " (−10%)"); a fixed one has none. */
function chargeRate(charge: ChargeDraft | undefined): string {
  if (!charge || charge.kind === 'amount') return '';
  const text = charge.percent.trim().replace(/^[-−–]\s*/, '');
  const negative = charge.discount || /^[-−–]/.test(charge.percent.trim());
  return ` (${negative ? '−' : ''}${text}%)`;
}

function ReviewCategory({ category }: { category: NonNullable<BillExtras['category']> }) {
  const t = useT();
  const { icon: Icon, label } = BILL_CATEGORIES[category];
  return (
    <div className={rowClass}>
      <dt className="text-slate-600">{t('bills.review.category')}</dt>
      <dd className="inline-flex items-center gap-1.5 font-semibold text-slate-900">
        <Icon aria-hidden="true" className="size-4" />
        {t(label)}
      </dd>
    </div>
  );
}
