import { useId, type Ref } from 'react';
import type { User } from '@outing/contract';
import { FieldError } from '../../../components/form/text-field';
import { Avatar } from '../../../components/avatar';

interface PayerPickerProps {
  /** The other attendees (never the signed-in user). */
  people: User[];
  selected: number[];
  onChange: (selected: number[]) => void;
  error?: string;
  /** Focused when the field is invalid on submit. */
  firstRef?: Ref<HTMLInputElement>;
}

/** Who shares the bill: a checkbox per attendee, and select all / deselect all (product-spec §5). */
export function PayerPicker({ people, selected, onChange, error, firstRef }: PayerPickerProps) {
  const legendId = useId();
  const errorId = useId();
  const allSelected = people.length > 0 && people.every((p) => selected.includes(p.id));

  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);

  return (
    <fieldset
      aria-labelledby={legendId}
      aria-describedby={error ? errorId : undefined}
      className="flex flex-col gap-2"
    >
      <div className="flex items-center justify-between gap-2">
        <span id={legendId} className="text-sm font-medium text-slate-800">
          Who pays?
        </span>
        <button
          type="button"
          onClick={() => onChange(allSelected ? [] : people.map((p) => p.id))}
          className="-mr-2 inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold text-brand-700 transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {allSelected ? 'Deselect all' : 'Select all'}
        </button>
      </div>
      <ul
        className={`divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white ring-1 ${
          error ? 'ring-red-600' : 'ring-slate-200'
        }`}
      >
        {people.map((person, index) => (
          <li key={person.id}>
            <label className="flex min-h-14 cursor-pointer items-center gap-3 px-4 py-2 has-[:focus-visible]:bg-brand-50">
              <input
                ref={index === 0 ? firstRef : undefined}
                type="checkbox"
                checked={selected.includes(person.id)}
                onChange={() => toggle(person.id)}
                className="size-5 shrink-0 accent-brand-600"
              />
              <Avatar username={person.username} pictureUrl={person.pictureUrl} size="sm" />
              <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{person.username}</span>
            </label>
          </li>
        ))}
      </ul>
      {error && <FieldError id={errorId} message={error} />}
    </fieldset>
  );
}
