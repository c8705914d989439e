import { CheckIcon } from '@heroicons/react/20/solid';
import type { User } from '@outing/contract';
import { FieldError } from '@/components/form/text-field';
import { Avatar } from '@/components/avatar';
import { useT } from '@/lib/i18n/use-t';
import { personName } from '@/lib/person-name';

interface FriendPickerProps {
  legend: string;
  users: Pick<User, 'id' | 'username' | 'displayName' | 'pictureUrl'>[];
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  errorId: string;
  /** The list scrolls inside this height (the invite dialog's is about 7.5rem, docs/product.md#invite-dialog). */
  listClassName?: string;
}

/** A multi-select of friends: one checkbox per person, with avatar and name. */
export function FriendPicker({
  legend,
  users,
  value,
  onChange,
  error,
  errorId,
  listClassName = 'max-h-[7.5rem]',
}: FriendPickerProps) {
  const t = useT();
  const toggle = (id: number) =>
    onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);

  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1.5 flex w-full items-baseline justify-between gap-2 text-sm font-medium text-slate-800">
        {legend}
        {value.length > 0 && (
          <span className="text-xs font-semibold text-brand-700 dark:text-brand-300">
            {t('rooms.friendPicker.selected', { count: value.length })}
          </span>
        )}
      </legend>
      <ul
        className={`divide-y divide-slate-100 overflow-y-auto overscroll-contain rounded-xl bg-surface ring-1 ${
          error ? 'ring-red-600 dark:ring-red-400' : 'ring-slate-200'
        } ${listClassName}`}
      >
        {users.map((user) => {
          const checked = value.includes(user.id);
          return (
            <li key={user.id}>
              <label className="relative flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1.5 transition hover:bg-slate-50 has-focus-visible:bg-brand-50 dark:has-focus-visible:bg-brand-950/40">
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() => toggle(user.id)}
                  className="peer sr-only"
                />
                <Avatar
                  username={user.username}
                  displayName={user.displayName}
                  pictureUrl={user.pictureUrl}
                  size="sm"
                />
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">
                  {personName(user)}
                </span>
                <span
                  aria-hidden="true"
                  className="flex size-6 shrink-0 items-center justify-center rounded-md border-2 border-slate-300 bg-surface text-white transition peer-checked:border-brand-600 dark:peer-checked:border-brand-400 peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 dark:peer-focus-visible:outline-brand-400"
                >
                  {checked && <CheckIcon className="size-4" />}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {error && <FieldError id={errorId} message={error} />}
    </fieldset>
  );
}
