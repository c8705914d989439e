// Form rules (docs/product.md#form-rules, #constants); their texts are the catalogue's `errors.validation.*`.
// Zod-free: the login screen validates with these and react-hook-form only, so the start-up bundle stays small. The
// limits match the server's (docs/api/README.md#authentication).
import { t } from './i18n/i18n';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const OTP_LENGTH = 6;

/** The email pattern the server checks (zod's), so that an address the form accepts is not a 400. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]+$/;
export const OTP_PATTERN = /^\d{6}$/;

/** Checks a username as the server will see it (trimmed); undefined when it is fine. */
export function usernameProblem(value: string): string | undefined {
  const name = value.trim();
  if (name.length < USERNAME_MIN_LENGTH)
    return t('errors.validation.usernameMin', { min: USERNAME_MIN_LENGTH });
  if (name.length > USERNAME_MAX_LENGTH)
    return t('errors.validation.usernameMax', { max: USERNAME_MAX_LENGTH });
  if (!USERNAME_PATTERN.test(name)) return t('errors.validation.usernameCharacters');
  return undefined;
}

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

export function passwordProblem(value: string): string | undefined {
  if (value.length < PASSWORD_MIN_LENGTH)
    return t('errors.validation.passwordMin', { min: PASSWORD_MIN_LENGTH });
  if (value.length > PASSWORD_MAX_LENGTH)
    return t('errors.validation.passwordMax', { max: PASSWORD_MAX_LENGTH });
  return undefined;
}
