import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, answerError, success } from '@/test/api';
import { answerIssues } from '@/test/answer-issues.testing';
import { readOtpFlow } from '../otp-flow';
import { box, renderOtp, startFlow, typeCode, verifyButton } from '../testing';

// Issue #10: what otp-page.test.tsx does not already cover.

const digits = () => [1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value).join('');

describe('code screen: rejected input', () => {
  it('takes digits only, and a short code is refused with the digits kept', async () => {
    const seen = answer('post', '/auth/verify', success(null));
    startFlow();
    await renderOtp();
    await typeCode('1a2-b3 4', userEvent);
    expect(digits()).toBe('1234');
    await userEvent.click(verifyButton());
    expect(box(1)).toHaveAccessibleDescription('Please enter a valid 6-digit OTP.');
    expect(digits()).toBe('1234');
    expect(seen).toHaveLength(0);
  });

  it('a 400 with an issue on the code shows it under the boxes too, clearing the boxes but keeping the step', async () => {
    answerIssues('post', '/auth/verify', [{ path: 'otp', message: 'Please enter a valid 6-digit OTP.' }]);
    startFlow();
    const { router } = await renderOtp();
    await typeCode('123456', userEvent); // the sixth digit sends the code
    expect(await screen.findByText('otp: Please enter a valid 6-digit OTP.')).toBeInTheDocument();
    expect(box(1)).toHaveAttribute('aria-invalid', 'true');
    expect(box(1)).toHaveAccessibleDescription('Please enter a valid 6-digit OTP.');
    await waitFor(() => expect(box(1)).toHaveFocus());
    expect(digits()).toBe('');
    expect(router.state.location.pathname).toBe('/otp');
    expect(readOtpFlow()).toMatchObject({ email: 'ada@example.com' });
  });

  it.each([429, 503])('a %i shows the generic text, keeps the digits and the step', async (status) => {
    answerError('post', '/auth/verify', status, 'Too many attempts.');
    startFlow();
    const { router } = await renderOtp();
    await typeCode('123456', userEvent); // the sixth digit sends the code
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred, please try again later.');
    expect(digits()).toBe('123456');
    expect(verifyButton()).toBeEnabled();
    expect(router.state.location.pathname).toBe('/otp');
    expect(readOtpFlow()).not.toBeNull();
  });
});
