import type { User } from '@outing/contract';
import type { MessageKey } from '@/lib/i18n/keys';
import { useT } from '@/lib/i18n/use-t';
import { displayName } from './split-people';
import { MoneyField, SplitField } from './split-field';
import { PersonName } from './person-name';

interface SplitPerPersonProps {
  mode: 'exact' | 'shares' | 'percent';
  members: User[];
  meId: number;
  values: Record<number, string>;
  onChange: (userId: number, text: string) => void;
  /** Marks a field as visited: its error shows from then on. */
  onBlur: (key: string) => void;
  errorOf: (key: string) => string | undefined;
  currency: string;
  locale: string;
}

const LEGEND: Record<SplitPerPersonProps['mode'], MessageKey> = {
  exact: 'bills.perPerson.exact',
  shares: 'bills.perPerson.shares',
  percent: 'bills.perPerson.percent',
};

/** Exact amounts, share weights or percentages: one field a member; an empty field leaves that person out. */
export function SplitPerPerson(props: SplitPerPersonProps) {
  const t = useT();
  const { mode, members, meId, values, onChange, onBlur, errorOf, currency, locale } = props;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">{t(LEGEND[mode])}</legend>
      <ul className="flex flex-col divide-y divide-slate-100 rounded-2xl bg-surface px-4 py-1 ring-1 ring-slate-200">
        {members.map((m) => {
          const key = `${mode}.${m.id}`;
          const common = {
            inline: true,
            label: <PersonName name={displayName(m, meId)} isGuest={m.isGuest} />,
            value: values[m.id] ?? '',
            onChange: (text: string) => onChange(m.id, text),
            onBlur: () => onBlur(key),
            error: errorOf(key),
          };
          return (
            <li key={m.id} className="py-1">
              {mode === 'exact' ? (
                <MoneyField {...common} currency={currency} locale={locale} allowZero />
              ) : mode === 'shares' ? (
                <SplitField {...common} inputMode="numeric" autoComplete="off" placeholder="0" />
              ) : (
                <SplitField {...common} inputMode="decimal" autoComplete="off" placeholder="0" suffix="%" />
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
