import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { GlobeAltIcon, LockClosedIcon } from '@heroicons/react/24/outline';
import { useT } from '@/lib/i18n/use-t';

export type Privacy = 'private' | 'public';

const options = [
  {
    value: 'private',
    title: 'rooms.privacy.private',
    text: 'rooms.privacy.privateText',
    Icon: LockClosedIcon,
  },
  { value: 'public', title: 'rooms.privacy.public', text: 'rooms.privacy.publicText', Icon: GlobeAltIcon },
] as const;

/**
 * Private or public as two radio cards saying what each means (issue #20: private by default, and the choice
 * plain, not a switch at the bottom). `registration` is of a field holding `'private' | 'public'`.
 */
export function PrivacySwitch({ registration }: { registration: UseFormRegisterReturn }) {
  const t = useT();
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('rooms.privacy.legend')}</legend>
      <div className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2">
        {options.map(({ value, title, text, Icon }) => (
          <label
            key={value}
            className="group flex min-h-11 cursor-pointer items-start gap-3 rounded-xl bg-surface p-3 ring-1 ring-slate-200 transition has-checked:bg-brand-50 dark:has-checked:bg-brand-950/40 has-checked:ring-2 has-checked:ring-brand-600 dark:has-checked:ring-brand-400 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 dark:has-focus-visible:outline-brand-400"
          >
            <input
              type="radio"
              value={value}
              aria-labelledby={`${id}-${value}`}
              aria-describedby={`${id}-${value}-text`}
              className="mt-0.5 size-5 shrink-0 accent-brand-600"
              {...registration}
            />
            <span className="flex min-w-0 flex-col gap-0.5">
              <span id={`${id}-${value}`} className="flex items-center gap-1.5 font-semibold text-slate-900">
                <Icon
                  aria-hidden="true"
                  className="size-4 text-slate-600 group-has-checked:text-brand-700 dark:group-has-checked:text-brand-300"
                />
                {t(title)}
              </span>
              <span id={`${id}-${value}-text`} className="text-sm leading-snug text-slate-600">
                {t(text)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
