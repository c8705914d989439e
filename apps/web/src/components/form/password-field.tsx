import { useState } from 'react';
import { EyeIcon, EyeSlashIcon } from '@heroicons/react/24/outline';
import { useI18n } from '@/lib/i18n/use-t';
import { TextField, type TextFieldProps } from './text-field';

/** A password input with a show/hide toggle (a 44 px target inside the field). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t, locale } = useI18n();
  const [visible, setVisible] = useState(false);
  // "Show password", "Hide confirm password": the field's own label, lower-cased where the language has cases.
  const field = props.label.toLocaleLowerCase(locale);
  const Icon = visible ? EyeSlashIcon : EyeIcon;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={t(visible ? 'common.hidePassword' : 'common.showPassword', { field })}
          aria-pressed={visible}
          className="flex size-11 items-center justify-center rounded-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
        >
          <Icon aria-hidden="true" className="size-5" />
        </button>
      }
    />
  );
}
