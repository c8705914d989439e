import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { PasswordField } from '@/components/form/password-field';
import { useT } from '@/lib/i18n/use-t';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '@/lib/validation';

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
  const t = useT();
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        hint={t('auth.newPassword.hint', { min: PASSWORD_MIN_LENGTH })}
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
            (value !== '' && value === all.password) || t('errors.validation.passwordsDiffer'),
        })}
      />
    </>
  );
}
