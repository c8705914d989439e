import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { PasswordField } from '../../../components/form/password-field';
import { VALIDATION_MESSAGES, passwordProblem } from '../../../lib/validation';

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

interface NewPasswordFieldsProps {
  /** The form's `register` and errors; its values include `NewPasswordValues`. */
  register: UseFormRegister<NewPasswordValues>;
  errors: FieldErrors<NewPasswordValues>;
  label: string;
  confirmLabel: string;
}

/** A new password and its confirmation (sign up, reset password); changing the first checks the second again. */
export function NewPasswordFields({ register, errors, label, confirmLabel }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        hint="At least 6 characters"
        error={errors.password?.message}
        {...register('password', {
          validate: (value) => passwordProblem(value) ?? true,
          deps: ['confirmPassword'],
        })}
      />
      <PasswordField
        label={confirmLabel}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword', {
          validate: (value, all) =>
            (value !== '' && value === all.password) || VALIDATION_MESSAGES.passwordsDiffer,
        })}
      />
    </>
  );
}
