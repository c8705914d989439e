// Form rules and their texts (product-spec §5, §9). Zod-free: the login screen validates with these and
// react-hook-form only, so the start-up bundle stays small. The limits match the server's (api-contract §3).

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

export const VALIDATION_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be at most 30 characters',
  usernameCharacters: 'Username may contain only letters, digits, _ and .',
  usernameSame: 'Username must be different from current username',
  email: 'Enter a valid email address',
  passwordMin: 'Password must be at least 6 characters',
  passwordMax: 'Password must be at most 128 characters',
  passwordsDiffer: 'Passwords do not match',
  otp: 'Please enter a valid 6-digit OTP.',
  otpEmailMissing: 'Invalid email received, please try again later.',
} as const;

/** Checks a username as the server will see it (trimmed); undefined when it is fine. */
export function usernameProblem(value: string): string | undefined {
  const name = value.trim();
  if (name.length < USERNAME_MIN_LENGTH) return VALIDATION_MESSAGES.usernameMin;
  if (name.length > USERNAME_MAX_LENGTH) return VALIDATION_MESSAGES.usernameMax;
  if (!USERNAME_PATTERN.test(name)) return VALIDATION_MESSAGES.usernameCharacters;
  return undefined;
}

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

export function passwordProblem(value: string): string | undefined {
  if (value.length < PASSWORD_MIN_LENGTH) return VALIDATION_MESSAGES.passwordMin;
  if (value.length > PASSWORD_MAX_LENGTH) return VALIDATION_MESSAGES.passwordMax;
  return undefined;
}
