import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { answer, answerError, success } from '@/test/api';
import { withProviders } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { DeviceLinkSheet } from './device-link-sheet';

// A guest's personal link (docs/guests.md): made on demand, shown while on, replaced by a new one, turned off.

const URL_1 = 'http://localhost/guest/open#Aa1Bb2Cc3Dd4Ee5Ff6Gg7Hh8Ii9Jj0Kk';
const URL_2 = 'http://localhost/guest/open#Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp';
const guestToken = makeToken({ user_id: 70, username: 'mei', user_email: '', guest_room_id: 'room-1' });

function renderSheet() {
  localStorage.setItem(TOKEN_STORAGE_KEY, guestToken);
  const onClose = vi.fn();
  render(withProviders(<DeviceLinkSheet name="mei" onClose={onClose} />));
  return { onClose, dialog: () => screen.getByRole('dialog', { name: 'Open on another device' }) };
}

const shownUrl = () => screen.findByTestId('device-link-url');

describe('device link sheet', () => {
  it('off: Create my personal link makes one and shows it; Copy copies it', async () => {
    answer('get', '/guest/device-link', success(null));
    const made = answer('post', '/guest/device-link', success({ url: URL_1 }));
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { dialog } = renderSheet();
    expect(within(dialog()).getByText(/anyone with this link can act as you/)).toBeInTheDocument();
    expect(within(dialog()).getByText(/to be mei there too/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Create my personal link' }));
    expect(await shownUrl()).toHaveTextContent(URL_1);
    expect(made).toHaveLength(1);
    expect(made[0]?.authorization).toBe(`Bearer ${guestToken}`);
    expect(screen.queryByRole('button', { name: 'Create my personal link' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(URL_1);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('on: shows the link; New link makes another and says the old one stopped', async () => {
    answer('get', '/guest/device-link', success({ url: URL_1 }));
    const made = answer('post', '/guest/device-link', success({ url: URL_2 }));
    renderSheet();
    expect(await shownUrl()).toHaveTextContent(URL_1);
    await userEvent.click(screen.getByRole('button', { name: 'New link' }));
    await waitFor(() => expect(screen.getByTestId('device-link-url')).toHaveTextContent(URL_2));
    expect(made).toHaveLength(1);
    expect(
      await screen.findByText('New personal link made. The old one no longer works.'),
    ).toBeInTheDocument();
  });

  it('Turn off deletes the link and offers to create one again', async () => {
    answer('get', '/guest/device-link', success({ url: URL_1 }));
    const deleted = answer('delete', '/guest/device-link', success(null));
    renderSheet();
    expect(await shownUrl()).toHaveTextContent(URL_1);
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Create my personal link' })).toBeInTheDocument();
    expect(deleted).toHaveLength(1);
    expect(screen.queryByTestId('device-link-url')).not.toBeInTheDocument();
    expect(await screen.findByText('Personal link turned off')).toBeInTheDocument();
  });

  it('a failed New link says so and keeps the link shown', async () => {
    answer('get', '/guest/device-link', success({ url: URL_1 }));
    answerError('post', '/guest/device-link', 500);
    renderSheet();
    expect(await shownUrl()).toHaveTextContent(URL_1);
    await userEvent.click(screen.getByRole('button', { name: 'New link' }));
    expect(await screen.findByText('An error occurred, please try again later.')).toBeInTheDocument();
    expect(screen.getByTestId('device-link-url')).toHaveTextContent(URL_1);
  });

  it('a load error offers Try again, which reads the link again', async () => {
    answerError('get', '/guest/device-link', 500);
    renderSheet();
    expect(await screen.findByText("Couldn't load your personal link.")).toBeInTheDocument();
    const again = answer('get', '/guest/device-link', success({ url: URL_1 }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await shownUrl()).toHaveTextContent(URL_1);
    expect(again).toHaveLength(1);
  });
});
