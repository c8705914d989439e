import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/test/render-app';
import { saveOtpFlow, type OtpFlow } from './otp-flow';

// Shared by the sign-up and code pages' tests and their *.rejections.test.tsx: the sign-up form, the code
// step's flow, its boxes and typing a code.

// Sign-up

export async function renderSignup() {
  const view = renderApp('/signup');
  await screen.findByRole('heading', { name: 'Sign up' });
  return {
    ...view,
    username: screen.getByLabelText('Username'),
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    confirm: screen.getByLabelText('Confirm password'),
    submit: screen.getByRole('button', { name: 'Sign up' }),
  };
}

export type SignupForm = Awaited<ReturnType<typeof renderSignup>>;

// The code (OTP) step

export function startFlow(flow: Partial<OtpFlow> = {}) {
  saveOtpFlow({ email: 'ada@example.com', purpose: 'verify-email', resendAt: Date.now() + 30_000, ...flow });
}

export async function renderOtp() {
  const view = renderApp('/otp');
  await screen.findByRole('heading', { name: 'Verify code' });
  return view;
}

export const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`);
export const verifyButton = () => screen.getByRole('button', { name: 'Verify' });

/** What typeCode types with: a user-event session, or the direct `userEvent` API. */
type Typist = { click(element: Element): Promise<unknown>; keyboard(text: string): Promise<unknown> };

/** Clicks the first box and types `code` with `events` (a fresh user-event session unless given). */
export async function typeCode(code: string, events: Typist = userEvent.setup()) {
  await events.click(box(1));
  await events.keyboard(code);
}
