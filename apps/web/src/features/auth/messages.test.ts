import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorCode } from '@/lib/api-error';
import {
  accountErrorMessage,
  googleLoginErrorMessage,
  loginErrorMessage,
  requestCodeErrorMessage,
  signupErrorMessage,
  verifyErrorMessage,
} from './messages';

const error = (status: number, message = 'Server text.', code: ApiErrorCode = 'VALIDATION') =>
  new ApiError({ status, code, message });
const generic = 'An error occurred, please try again later.';

describe('texts of failed calls (docs/product.md#failed-calls)', () => {
  it.each([
    [400, 'Bad request, please check request body.'],
    [401, 'Invalid username or password.'],
    [404, 'Invalid username or password.'],
    [403, generic],
    [500, generic],
  ])('login %i → %s', (status, message) => expect(loginErrorMessage(error(status))).toBe(message));

  it.each([
    [409, 'Username or email already exists.'],
    [400, 'Bad request. Please check request body.'],
    [500, 'An error occurred. Please try again later.'],
  ])('sign-up %i → %s', (status, message) => expect(signupErrorMessage(error(status))).toBe(message));

  it.each([
    [400, 'Server text.'],
    [404, 'User not found.'],
    [500, generic],
  ])('code check %i → %s', (status, message) => expect(verifyErrorMessage(error(status))).toBe(message));

  it.each([
    [400, 'Server text.'],
    [404, 'User not found.'],
    [409, 'User already verified.'],
    [429, 'Server text.'],
    [500, generic],
  ])('code resend %i → %s', (status, message) =>
    expect(requestCodeErrorMessage(error(status))).toBe(message),
  );

  it.each([
    [400, 'Server text.'],
    [404, 'User not found.'],
    [409, 'Server text.'],
    [403, generic],
    [500, generic],
  ])('forgot/reset/edit profile %i → %s', (status, message) =>
    expect(accountErrorMessage(error(status))).toBe(message),
  );

  it.each([
    [400, 'Bad request, please check request body.'],
    [401, 'Server text.'],
    [404, generic],
    [502, generic],
  ])('sign-in provider %i → %s', (status, message) =>
    expect(googleLoginErrorMessage(error(status))).toBe(message),
  );

  it('anything that is not an API error is the generic text', () => {
    for (const map of [loginErrorMessage, verifyErrorMessage, requestCodeErrorMessage, accountErrorMessage]) {
      expect(map(new TypeError('x'))).toBe(generic);
    }
    expect(signupErrorMessage(new TypeError('x'))).toBe('An error occurred. Please try again later.');
  });
});
