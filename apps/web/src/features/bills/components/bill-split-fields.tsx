import type { User } from '@outing/contract';
import { useT } from '@/lib/i18n/use-t';
import { switchMode, type BillDraft } from '../lib/bill-draft';
import { SplitCharges } from './split-charges';
import { SplitItems } from './split-items';
import { SplitModeTabs } from './split-mode-tabs';
import { SplitPeople } from './split-people';
import { SplitPerPerson } from './split-per-person';

/**
 * How the bill splits (issue #18): the mode's tabs, then that mode's fields (the people of an equal split; each
 * person's amount, shares or percent; the items and charges), and the split's own error under them.
 */
export function BillSplitFields({
  draft,
  members,
  meId,
  currency,
  locale,
  groupError,
  change,
  touch,
  errorOf,
}: {
  draft: BillDraft;
  members: User[];
  meId: number;
  currency: string;
  locale: string;
  /** The split's error as a whole (the sum that does not add up, a server's word on it). */
  groupError: string | undefined;
  /** A new draft, and the keys of the fields it edited (their server errors no longer apply). */
  change: (next: BillDraft, ...keys: string[]) => void;
  touch: (key: string) => void;
  errorOf: (key: string) => string | undefined;
}) {
  const t = useT();
  return (
    <>
      <SplitModeTabs mode={draft.mode} onChange={(mode) => change(switchMode(draft, mode), 'split')} />
      {draft.mode === 'equal' && (
        <SplitPeople
          legend={t('bills.form.splitBetween')}
          members={members}
          meId={meId}
          selected={draft.equal}
          onChange={(equal) => change({ ...draft, equal }, 'equal', 'split')}
        />
      )}
      {(draft.mode === 'exact' || draft.mode === 'shares' || draft.mode === 'percent') && (
        <SplitPerPerson
          mode={draft.mode}
          members={members}
          meId={meId}
          values={draft[draft.mode]}
          onChange={(id, text) =>
            change(
              { ...draft, [draft.mode]: { ...draft[draft.mode], [id]: text } },
              `${draft.mode}.${id}`,
              draft.mode,
            )
          }
          onBlur={touch}
          errorOf={errorOf}
          currency={currency}
          locale={locale}
        />
      )}
      {draft.mode === 'items' && (
        <>
          <SplitItems
            items={draft.items}
            onChange={(items) => change({ ...draft, items }, 'items', 'amount')}
            members={members}
            meId={meId}
            onBlur={touch}
            errorOf={errorOf}
            currency={currency}
            locale={locale}
          />
          <SplitCharges
            charges={draft.charges}
            onChange={(charges) => change({ ...draft, charges }, 'charges', 'amount')}
            onBlur={touch}
            errorOf={errorOf}
            currency={currency}
            locale={locale}
          />
        </>
      )}
      {groupError && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {groupError}
        </p>
      )}
    </>
  );
}
