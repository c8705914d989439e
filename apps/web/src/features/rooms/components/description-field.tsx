import { useId, type TextareaHTMLAttributes, type Ref } from 'react';
import { FieldError } from '@/components/form/text-field';
import { useI18n } from '@/lib/i18n/use-t';

export const DESCRIPTION_MAX_LENGTH = 500;

interface DescriptionFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'className'
> {
  length: number;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The optional room description, with a character count. */
export function DescriptionField({ length, error, ref, ...textarea }: DescriptionFieldProps) {
  const { tRich } = useI18n();
  const id = useId();
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {tRich('rooms.field.description', {
            muted: (chunks) => (
              <span key="muted" className="font-normal text-slate-500">
                {chunks}
              </span>
            ),
          })}
        </label>
        <span
          id={countId}
          className={`text-xs ${length > DESCRIPTION_MAX_LENGTH ? 'text-red-700 dark:text-red-300' : 'text-slate-500'}`}
        >
          {length}/{DESCRIPTION_MAX_LENGTH}
        </span>
      </div>
      <textarea
        id={id}
        ref={ref}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${countId}` : countId}
        className={`block w-full resize-y rounded-xl border bg-surface px-4 py-3 text-base text-slate-900 shadow-xs transition placeholder:text-slate-400 focus:ring-2 focus:outline-none ${
          error
            ? 'border-red-600 dark:border-red-400 focus:border-red-600 dark:focus:border-red-400 focus:ring-red-200 dark:focus:ring-red-800'
            : 'border-slate-300 focus:border-brand-500 focus:ring-brand-200 dark:focus:ring-brand-800'
        }`}
        {...textarea}
      />
      {error && <FieldError id={errorId} message={error} />}
    </div>
  );
}
