import { CalculatorIcon } from '@heroicons/react/24/outline';
import type { User } from '@outing/contract';
import { formatPercent } from '@outing/ledger';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { formatMoney, separators } from '@/lib/money';
import type { Evaluation } from '../lib/bill-evaluate';
import type { SplitModeName } from '../lib/bill-draft';
import type { RoomAmounts } from '../lib/bill-room-amounts';
import { ReviewAmount } from './review-amount';
import { displayName } from './split-people';
import { PersonName } from './person-name';

interface SplitPreviewProps {
  evaluation: Evaluation;
  mode: SplitModeName;
  members: User[];
  meId: number;
  /** The bill's currency (the total as typed is in it). */
  currency: string;
  /** The room's currency, and a foreign bill's shares converted into it once the rate or amount is known. */
  roomCurrency?: string;
  room?: RoomAmounts | null;
  locale: string;
}

/** What is still to assign before the total agrees: "$3.50 left to assign", "5% left", or null when it agrees. */
export function leftText(left: Evaluation['left'], currency: string, locale: string): string | null {
  if (!left || left.value === 0) return null;
  const amount =
    left.kind === 'money'
      ? formatMoney(Math.abs(left.value), currency, locale)
      : `${formatPercent(Math.abs(left.value)).replace('.', separators(locale).decimal)}%`;
  if (left.kind === 'money')
    return left.value > 0
      ? t('bills.preview.leftToAssign', { amount })
      : t('bills.preview.tooMuchAssigned', { amount });
  return left.value > 0
    ? t('bills.preview.percentLeft', { amount })
    : t('bills.preview.percentTooMuch', { amount });
}

/** Each person's share, live: the ledger's own computation of what the server will store. */
export function SplitPreview(props: SplitPreviewProps) {
  const { evaluation, mode, members, meId, currency, locale } = props;
  useT();
  const { result } = evaluation;
  const room = result ? (props.room ?? null) : null;
  const shareCurrency = room ? (props.roomCurrency ?? currency) : currency;
  const about = evaluation.about || (room?.about ?? false);
  const originals = new Map(room?.shares.map((s) => [s.userId, s.original]));
  const left = leftText(evaluation.left, currency, locale);
  const nameOf = (id: number) => {
    const m = members.find((p) => p.id === id);
    return m ? displayName(m, meId) : t('bills.member', { id });
  };
  const isGuest = (id: number) => members.some((p) => p.id === id && p.isGuest);
  const shares = !result
    ? []
    : (room ? room.shares.map((s) => [s.userId, s.minor] as const) : [...result.shares]).filter(
        ([userId]) => (result.shares.get(userId) ?? 0) > 0 || mode !== 'equal',
      );
  return (
    <section
      aria-labelledby="bill-preview-heading"
      className="rounded-2xl bg-brand-50 dark:bg-brand-950/40 px-4 py-4 ring-1 ring-brand-100 dark:ring-brand-800"
    >
      <h2
        id="bill-preview-heading"
        className="flex items-center gap-2 text-sm font-semibold text-brand-900 dark:text-brand-300"
      >
        <CalculatorIcon aria-hidden="true" className="size-5" />
        {t('bills.eachShare')}
      </h2>
      <p
        aria-live="polite"
        className={`mt-2 text-sm font-semibold ${left ? 'text-amber-800 dark:text-amber-300' : 'text-slate-700'}`}
      >
        {left ??
          (result
            ? t('bills.preview.total', { amount: formatMoney(result.total, currency, locale) })
            : mode === 'items'
              ? t('bills.preview.emptyItems')
              : t('bills.preview.empty'))}
      </p>
      {result && (
        <ul aria-label={t('bills.preview.sharesLabel')} className="mt-2 flex flex-col gap-1.5">
          {shares.map(([userId, minor]) => (
            <li
              key={userId}
              data-testid="share"
              className="flex items-baseline justify-between gap-3 text-sm text-slate-800"
            >
              <PersonName name={nameOf(userId)} isGuest={isGuest(userId)} />
              <ReviewAmount
                text={formatMoney(minor, shareCurrency, locale)}
                original={room ? formatMoney(originals.get(userId) ?? 0, currency, locale) : null}
              />
            </li>
          ))}
        </ul>
      )}
      {result && about && (
        <p className="mt-2 border-t border-brand-100 dark:border-brand-800 pt-2 text-xs text-slate-700">
          {t('bills.extraUnit', { amount: formatMoney(1, shareCurrency, locale) })}
        </p>
      )}
    </section>
  );
}
