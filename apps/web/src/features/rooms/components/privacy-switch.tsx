import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** Public or private room: a labelled switch with what each choice means. */
export function PrivacySwitch({
  registration,
  isPrivate,
}: {
  registration: UseFormRegisterReturn;
  isPrivate: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          Private room
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {isPrivate
            ? 'Only people you invite or share the link with can join.'
            : 'Anyone can find it under Explore More and join.'}
        </p>
      </div>
      <span className="relative inline-flex h-11 w-14 shrink-0 items-center justify-center">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-describedby={`${id}-hint`}
          className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
          {...registration}
        />
        <span
          aria-hidden="true"
          className="h-7 w-12 rounded-full bg-slate-300 transition peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2 size-5 -translate-y-1/2 rounded-full bg-white shadow transition peer-checked:translate-x-5"
        />
      </span>
    </div>
  );
}
