import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { isValidEmail } from '@/lib/validation';
import { TextField, type TextFieldProps } from './text-field';

/** The rule for an email field: `register('email', { validate: validateEmail })`. */
export function validateEmail(value: string): string | true {
  return isValidEmail(value) || translate('errors.validation.email');
}

type EmailFieldProps = Omit<
  TextFieldProps,
  'label' | 'type' | 'inputMode' | 'autoComplete' | 'autoCapitalize' | 'spellCheck'
>;

/** "Email": the phone's email keyboard, autofill, and no capitals or spelling fixes in the address. */
export function EmailField(props: EmailFieldProps) {
  const t = useT();
  return (
    <TextField
      label={t('common.email')}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}
