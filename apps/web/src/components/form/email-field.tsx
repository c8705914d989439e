import { VALIDATION_MESSAGES, isValidEmail } from '../../lib/validation';
import { TextField, type TextFieldProps } from './text-field';

/** The rule for an email field: `register('email', { validate: validateEmail })`. */
export function validateEmail(value: string): string | true {
  return isValidEmail(value) || VALIDATION_MESSAGES.email;
}

type EmailFieldProps = Omit<
  TextFieldProps,
  'label' | 'type' | 'inputMode' | 'autoComplete' | 'autoCapitalize' | 'spellCheck'
>;

/** "Email": the phone's email keyboard, autofill, and no capitals or spelling fixes in the address. */
export function EmailField(props: EmailFieldProps) {
  return (
    <TextField
      label="Email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}
