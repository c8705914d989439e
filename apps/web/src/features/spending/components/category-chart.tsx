import type { RoomStats } from '@outing/contract';
import { BILL_CATEGORIES } from '@/entities/bill-category';
import { numberFormat } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { formatAmount, toMinor } from '@/lib/money';
import { CATEGORY_COLOUR } from '../lib/category-colours';
import { barScale, ChartCard, FiguresTable, HBar } from './chart-card';

/** "38 %" of the total, whole percent in the locale's way. */
function percentOf(amount: number, total: number, currency: string): string {
  const whole = toMinor(total, currency);
  const share = whole > 0 ? toMinor(amount, currency) / whole : 0;
  return numberFormat({ style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** Spending by category, largest first (the server's order): each category's icon, name, amount and share. */
export function CategoryChart({ stats }: { stats: RoomStats }) {
  const t = useT();
  const { currency, total, byCategory } = stats;
  const x = barScale(Math.max(0, ...byCategory.map((c) => c.amount)));
  return (
    <ChartCard
      id="spending-category-heading"
      heading={t('spending.byCategory')}
      chart={
        <ul className="flex flex-col gap-3">
          {byCategory.map(({ category, amount }) => {
            const { icon: Icon, label } = BILL_CATEGORIES[category];
            const colour = CATEGORY_COLOUR[category];
            return (
              <li key={category} className="flex items-center gap-3">
                <span
                  className={`flex size-9 shrink-0 items-center justify-center rounded-full ${colour.tint}`}
                >
                  <Icon className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex items-baseline gap-2">
                    <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-800">
                      {t(label)}
                    </span>
                    <span className="text-sm font-semibold tabular-nums text-slate-900">
                      {formatAmount(amount, currency)}
                    </span>
                  </div>
                  <div className="mt-1 flex items-center gap-2">
                    <div className="flex-1">
                      <HBar percent={x(amount)} className={colour.fill} height={8} />
                    </div>
                    <span className="w-9 text-right text-xs tabular-nums text-slate-500">
                      {percentOf(amount, total, currency)}
                    </span>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      }
      table={
        <FiguresTable
          caption={t('spending.byCategoryCaption')}
          columns={[t('spending.category'), t('spending.amount'), t('spending.percent')]}
          rows={byCategory.map(({ category, amount }) => ({
            key: category,
            head: t(BILL_CATEGORIES[category].label),
            cells: [formatAmount(amount, currency), percentOf(amount, total, currency)],
          }))}
        />
      }
    />
  );
}
