import type { RoomStats, User } from '@outing/contract';
import { MemberName } from '@/entities/room/member-name';
import { useT } from '@/lib/i18n/use-t';
import { formatAmount } from '@/lib/money';
import { barScale, ChartCard, FiguresTable, HBar } from './chart-card';
import { personName } from '@/lib/person-name';

const PAID = 'fill-brand-600 dark:fill-brand-400';
const SHARE = 'fill-teal-500 dark:fill-teal-400';

function Swatch({ className, label }: { className: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-slate-600">
      <svg width="10" height="10" className="shrink-0" focusable="false" aria-hidden="true">
        <rect width="10" height="10" rx="3" className={className} />
      </svg>
      {label}
    </span>
  );
}

/**
 * What each person paid (the bills they paid for) beside their share (what their part comes to), one pair of bars a
 * person on one scale. Names as the room's members list writes them (entities/room/member-name.tsx): "(you)" after
 * the viewer's, the guest mark after another guest's (as the Money section, docs/guests.md); someone no longer in the room by the bills' "Member {id}".
 */
export function PersonChart({ stats, meId, people }: { stats: RoomStats; meId: number; people: User[] }) {
  const t = useT();
  const { currency, byMember } = stats;
  const x = barScale(Math.max(0, ...byMember.flatMap((m) => [m.paid, m.owes])));
  const nameOf = (userId: number) => {
    const person = people.find((p) => p.id === userId);
    return (
      <MemberName
        username={person ? personName(person) : t('bills.member', { id: userId })}
        isMe={userId === meId}
        isGuest={person?.isGuest === true && userId !== meId}
      />
    );
  };
  return (
    <ChartCard
      id="spending-person-heading"
      heading={t('spending.byPerson')}
      legend={
        <span className="flex gap-3">
          <Swatch className={PAID} label={t('spending.paid')} />
          <Swatch className={SHARE} label={t('spending.share')} />
        </span>
      }
      note={t('spending.byPersonNote')}
      chart={
        <ul className="flex flex-col gap-3.5">
          {byMember.map(({ userId, paid, owes }) => (
            <li key={userId}>
              <p className="mb-1 truncate text-sm font-medium text-slate-800">{nameOf(userId)}</p>
              <div className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1">
                <HBar percent={x(paid)} className={PAID} />
                <span className="min-w-20 text-right text-xs tabular-nums text-slate-700">
                  {formatAmount(paid, currency)}
                </span>
                <HBar percent={x(owes)} className={SHARE} />
                <span className="min-w-20 text-right text-xs tabular-nums text-slate-700">
                  {formatAmount(owes, currency)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      }
      table={
        <FiguresTable
          caption={t('spending.byPersonCaption')}
          columns={[t('spending.person'), t('spending.paid'), t('spending.share')]}
          rows={byMember.map(({ userId, paid, owes }) => ({
            key: String(userId),
            head: nameOf(userId),
            cells: [formatAmount(paid, currency), formatAmount(owes, currency)],
          }))}
        />
      }
    />
  );
}
