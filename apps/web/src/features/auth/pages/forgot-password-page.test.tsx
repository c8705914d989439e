import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, answerError, failure, success } from '@/test/api';
import { renderApp } from '@/test/render-app';
import { readOtpFlow } from '../otp-flow';

async function renderForgot() {
  const view = renderApp('/password/forgot');
  await screen.findByRole('heading', { name: 'Forgot password' });
  return {
    ...view,
    email: screen.getByLabelText('Email'),
    submit: screen.getByRole('button', { name: 'Send code' }),
  };
}

describe('forgot password screen', () => {
  it.each(['', 'ada', 'ada@example', 'ada@@example.com'])('refuses the email %j', async (typed) => {
    const seen = answer('post', '/auth/otp', success(null));
    const { email, submit } = await renderForgot();
    if (typed) await userEvent.type(email, typed);
    await userEvent.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid email address');
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(seen).toHaveLength(0);
  });

  it('asks for a reset code and goes to the code screen', async () => {
    const seen = answer('post', '/auth/otp', success(null));
    const { email, submit, router } = await renderForgot();
    await userEvent.type(email, 'Ada@Example.com');
    await userEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'Verify code' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/otp');
    expect(seen[0]?.body).toEqual({ email: 'ada@example.com', purpose: 'reset-password' });
    expect(readOtpFlow()).toMatchObject({ email: 'ada@example.com', purpose: 'reset-password' });
  });

  it('goes on to the code screen when a code went out moments ago (429)', async () => {
    answer(
      'post',
      '/auth/otp',
      failure('RATE_LIMITED', 'Please wait 20 seconds before asking for a new code.'),
      {
        status: 429,
        headers: { 'Retry-After': '20' },
      },
    );
    const { email, submit } = await renderForgot();
    await userEvent.type(email, 'ada@example.com');
    await userEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'Verify code' })).toBeInTheDocument();
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent(/in 0:(19|20)$/);
  });

  it.each([
    [400, 'email must be valid', 'email must be valid'],
    [404, 'nope', 'User not found.'],
    [500, 'boom', 'An error occurred, please try again later.'],
    [0, '', 'An error occurred, please try again later.'],
  ])('shows what a %i means and keeps the email', async (status, serverMessage, shown) => {
    answerError('post', '/auth/otp', status, serverMessage);
    const { email, submit } = await renderForgot();
    await userEvent.type(email, 'ada@example.com');
    await userEvent.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(email).toHaveValue('ada@example.com');
  });
});
