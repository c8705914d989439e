import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, success } from '@/test/api';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { shareableInviteUrl } from '../api/invite-link';

// Issue #21: "Invite a friend" on the Friends screen, for someone not on Outing yet.

const LINK = {
  url: 'https://outing.example/signup?invite=AbCdEfGhIjKlMnOp',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const SHARED = `${window.location.origin}/invite/AbCdEfGhIjKlMnOp`;

async function openInvite() {
  renderApp('/friends', { token: makeToken({ user_id: 7 }) });
  await userEvent.click(await screen.findByRole('button', { name: 'Invite a friend' }));
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('invite a friend', () => {
  it('shows the personal link, only once asked, and copies it', async () => {
    const asked = answer('get', '/users/7/invite-link', success(LINK));
    const events = userEvent.setup(); // with its own clipboard
    renderApp('/friends', { token: makeToken({ user_id: 7 }) });
    const button = await screen.findByRole('button', { name: 'Invite a friend' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(asked).toHaveLength(0);

    await events.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByLabelText('Your invite link')).toHaveValue(SHARED);
    expect(asked).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(SHARED);
    expect(screen.getByRole('status')).toHaveTextContent('Link copied.');
  });

  it('offers the system share sheet where the browser has one', async () => {
    answer('get', '/users/7/invite-link', success(LINK));
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await openInvite();
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: SHARED }));
  });

  it('says when the link cannot be loaded, and tries again', async () => {
    answerError('get', '/users/7/invite-link', 500);
    await openInvite();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred, please try again later.');
    answer('get', '/users/7/invite-link', success(LINK));
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Your invite link')).toHaveValue(SHARED);
  });
});

describe('shareableInviteUrl', () => {
  it('points at this app’s invite page, and keeps a link without a code as it is', () => {
    expect(shareableInviteUrl(LINK.url, 'https://app.example')).toBe(
      'https://app.example/invite/AbCdEfGhIjKlMnOp',
    );
    expect(shareableInviteUrl('https://outing.example/signup', 'https://app.example')).toBe(
      'https://outing.example/signup',
    );
  });
});
