import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * "Date to be decided" / "Venue to be decided" (issue 37 item 1; docs/api/README.md#date-and-venue-tbd): a checkbox
 * with its label and what it means. `registration` is of a boolean field of the form.
 */
export function TbdToggle({
  registration,
  label,
  hint,
}: {
  registration: UseFormRegisterReturn;
  label: string;
  hint: string;
}) {
  const id = useId();
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl bg-surface px-3 py-2.5 ring-1 ring-slate-200 transition has-checked:bg-brand-50 dark:has-checked:bg-brand-950/40 has-checked:ring-brand-600 dark:has-checked:ring-brand-400 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 dark:has-focus-visible:outline-brand-400">
      <input
        type="checkbox"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-5 shrink-0 accent-brand-600"
        {...registration}
      />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span id={`${id}-label`} className="font-semibold text-slate-900">
          {label}
        </span>
        <span id={`${id}-hint`} className="text-sm leading-snug text-slate-600">
          {hint}
        </span>
      </span>
    </label>
  );
}
