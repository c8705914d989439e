import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, answerError, success } from '@/test/api';
import { setTestLanguage } from '@/test/i18n';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';

// Issue #21: where a personal invite link lands.

const CODE = 'AbCdEfGhIjKlMnOp';

describe('invite page', () => {
  it('says who invited you and leads to sign-up carrying the code, which the sign-up sends', async () => {
    const asked = answer('get', `/auth/invites/${CODE}`, success({ username: 'ann', pictureUrl: '' }));
    const signups = answer(
      'post',
      '/auth/signup',
      success({
        id: 30,
        username: 'newbie',
        email: 'newbie@example.com',
        pictureUrl: '',
        isEmailValid: false,
        isOnline: false,
        lastSeen: null,
        registeredAt: '2026-11-27T00:00:00.000Z',
      }),
    );
    const { router } = renderApp(`/invite/${CODE}`);
    expect(await screen.findByRole('heading', { name: 'ann invited you to Outing' })).toBeInTheDocument();
    expect(asked).toHaveLength(1);
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent('A');

    await userEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?invite=${CODE}`);
    expect(
      await screen.findByText(/ann invited you\. Their friend request will be waiting/),
    ).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Username'), 'newbie');
    await userEvent.type(screen.getByLabelText('Email'), 'newbie@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Verify code' })).toBeInTheDocument();
    expect(signups[0]?.body).toEqual({
      username: 'newbie',
      email: 'newbie@example.com',
      password: 'secret1',
      inviteCode: CODE,
    });
  });

  it('an unknown, replaced or turned-off link says it does not work and offers a plain sign-up', async () => {
    answerError('get', `/auth/invites/${CODE}`, 404, 'Invite link not found');
    renderApp(`/invite/${CODE}`);
    expect(
      await screen.findByRole('heading', { name: 'This invite link does not work' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/find your friend by their username/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('another failure offers to try again', async () => {
    answerError('get', `/auth/invites/${CODE}`, 500);
    renderApp(`/invite/${CODE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred, please try again later.');
    answer('get', `/auth/invites/${CODE}`, success({ username: 'ann', pictureUrl: '' }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'ann invited you to Outing' })).toBeInTheDocument();
  });

  it('a signed-in visitor goes on to Home', async () => {
    const { router } = renderApp(`/invite/${CODE}`, { token: makeToken({ username: 'bob' }) });
    expect(await screen.findByRole('heading', { name: 'Welcome, bob!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('speaks Chinese', async () => {
    setTestLanguage('zh');
    answer('get', `/auth/invites/${CODE}`, success({ username: 'ann', pictureUrl: '' }));
    renderApp(`/invite/${CODE}`);
    expect(await screen.findByRole('heading', { name: 'ann 邀请你加入 Outing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '注册' })).toBeInTheDocument();
  });
});
