import { useId } from 'react';
import type { User } from '@outing/contract';
import { Avatar } from '@/components/avatar';
import { FieldError } from '@/components/form/text-field';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { GuestMark } from '@/entities/room/member-name';
import { PersonName } from './person-name';
import { personName } from '@/lib/person-name';

interface SplitPeopleProps {
  legend: string;
  members: User[];
  meId: number;
  selected: number[];
  onChange: (selected: number[]) => void;
  error?: string;
  /** Chips in a row (an item's people) instead of a list of rows. */
  compact?: boolean;
}

/** A member as the bill form lists them: "ada (you)" for the signed-in user. */
export const displayName = (user: Pick<User, 'id' | 'username'>, meId: number) =>
  user.id === meId ? t('bills.youInList', { name: personName(user) }) : personName(user);

/** A member as plain text (a `<select>`'s option has no room for the mark): "mei (guest)" for a guest. */
export const optionName = (user: Pick<User, 'id' | 'username' | 'isGuest'>, meId: number) =>
  user.isGuest ? t('bills.guestInList', { name: displayName(user, meId) }) : displayName(user, meId);

/** Who shares it: a checkbox per member and select all / deselect all. */
export function SplitPeople({ legend, members, meId, selected, onChange, error, compact }: SplitPeopleProps) {
  useT();
  const errorId = useId();
  const legendId = useId();
  const all = members.length > 0 && members.every((m) => selected.includes(m.id));
  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  const selectAll = (
    <button
      type="button"
      onClick={() => onChange(all ? [] : members.map((m) => m.id))}
      className="-mr-2 inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold text-brand-700 dark:text-brand-300 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
    >
      {all ? t('bills.people.deselectAll') : t('bills.people.selectAll')}
    </button>
  );

  if (compact)
    return (
      <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0">
        <legend className="sr-only">{legend}</legend>
        <div className="flex flex-wrap gap-2 pb-1">
          {members.map((m) => (
            <label
              key={m.id}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full bg-surface px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 has-checked:bg-brand-50 dark:has-checked:bg-brand-950/40 has-checked:text-brand-900 dark:has-checked:text-brand-300 has-checked:ring-brand-500 has-focus-visible:outline-2 has-focus-visible:outline-brand-600 dark:has-focus-visible:outline-brand-400"
            >
              <input
                type="checkbox"
                checked={selected.includes(m.id)}
                onChange={() => toggle(m.id)}
                className="size-4 accent-brand-600"
              />
              {displayName(m, meId)}
              {m.isGuest && <GuestMark />}
            </label>
          ))}
        </div>
        {error && <FieldError id={errorId} message={error} />}
      </fieldset>
    );

  return (
    <fieldset
      aria-labelledby={legendId}
      aria-describedby={error ? errorId : undefined}
      className="flex min-w-0 flex-col gap-2"
    >
      <div className="flex items-center justify-between gap-2">
        <span id={legendId} className="text-sm font-medium text-slate-800">
          {legend}
        </span>
        {selectAll}
      </div>
      <ul
        className={`divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface ring-1 ${
          error ? 'ring-red-600 dark:ring-red-400' : 'ring-slate-200'
        }`}
      >
        {members.map((m) => (
          <li key={m.id}>
            <label className="flex min-h-14 cursor-pointer items-center gap-3 px-4 py-2 has-focus-visible:bg-brand-50 dark:has-focus-visible:bg-brand-950/40">
              <input
                type="checkbox"
                checked={selected.includes(m.id)}
                onChange={() => toggle(m.id)}
                className="size-5 shrink-0 accent-brand-600"
              />
              <Avatar username={m.username} displayName={m.displayName} pictureUrl={m.pictureUrl} size="sm" />
              <PersonName
                name={displayName(m, meId)}
                isGuest={m.isGuest}
                className="flex-1 font-medium text-slate-900"
              />
            </label>
          </li>
        ))}
      </ul>
      {error && <FieldError id={errorId} message={error} />}
    </fieldset>
  );
}
