import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { fail, ok } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { seedRoom, serveRooms } from '../testing';

const ID = '11111111-2222-4333-8444-555555555555';
const INVITE = `${API_BASE}/rooms/:id`;

function recordInvites() {
  const bodies: unknown[] = [];
  server.use(
    http.post(INVITE, async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

async function openInvite() {
  const view = renderApp({ pathname: `/room/${ID}`, state: { from: '/' } }, { token: makeToken() });
  await userEvent.click(await screen.findByRole('button', { name: 'Invite friends' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite friends' });
  return { ...view, dialog };
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

beforeEach(() => {
  serveRooms({ rooms: [seedRoom()] });
});

describe('invite modal', () => {
  it('lists the uninvited friends in a scrolling list about 7.5rem high', async () => {
    const { dialog } = await openInvite();
    const group = await within(dialog).findByRole('group', { name: 'Friends to invite' });
    const boxes = within(group).getAllByRole('checkbox');
    // ben_k (11) is a member already.
    expect(boxes.map((box) => box.closest('label')?.querySelector('.truncate')?.textContent)).toEqual([
      'chloe.m',
      'dev_patel',
      'emma.w',
      'felix',
    ]);
    expect(within(group).getByRole('checkbox', { name: 'felix' })).not.toBeChecked();
    expect(group.querySelector('ul')).toHaveClass('max-h-[7.5rem]', 'overflow-y-auto');
  });

  it("says 'Invitees are required' when none is chosen, and sends nothing", async () => {
    const bodies = recordInvites();
    const { dialog } = await openInvite();
    await within(dialog).findByRole('group', { name: 'Friends to invite' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Invitees are required')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('invites the chosen friends and closes', async () => {
    const bodies = recordInvites();
    const { dialog } = await openInvite();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'felix' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'chloe.m' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ invitees: [15, 12] }]);
    expect(await screen.findByText('Invites sent!')).toBeInTheDocument();

    // The server no longer lists them (the mock keeps no state): the dialog asks again when it reopens.
    server.use(
      http.get(`${API_BASE}/rooms/:id/uninvited`, () =>
        ok([11, 13, 14].map((id) => ({ id, username: `user${id}`, email: '', pictureUrl: '' }))),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Invite friends' }));
    const again = await screen.findByRole('dialog', { name: 'Invite friends' });
    const group = await within(again).findByRole('group', { name: 'Friends to invite' });
    expect(within(group).queryByRole('checkbox', { name: 'felix' })).not.toBeInTheDocument();
  });

  it("shows 'Only hosts can invite other users' for a 401, and keeps the session", async () => {
    server.use(http.post(INVITE, () => fail(401, 'NOT_HOST', 'Only hosts can invite other users')));
    const { dialog, router } = await openInvite();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'felix' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only hosts can invite other users');
    expect(router.state.location.pathname).toBe(`/room/${ID}`);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();
  });

  it("says 'User not found, please try again later.' for a 404", async () => {
    server.use(http.post(INVITE, () => fail(404, 'NOT_FOUND', 'User not found.')));
    const { dialog } = await openInvite();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'felix' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'User not found, please try again later.',
    );
  });

  it("Copy Link copies the room link with ?join=true and toasts 'Link copied to clipboard!'", async () => {
    const { dialog } = await openInvite();
    const writeText = stubClipboard(() => Promise.resolve());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/room/${ID}?join=true`);
  });

  it("toasts 'Failed to copy link to clipboard!' when copying fails", async () => {
    const { dialog } = await openInvite();
    stubClipboard(() => Promise.reject(new Error('denied')));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Failed to copy link to clipboard!')).toBeInTheDocument();
    expect(screen.queryByText('Link copied to clipboard!')).not.toBeInTheDocument();
  });

  it('Generate QR shows the join QR code with a Close button that goes back', async () => {
    const { dialog } = await openInvite();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate QR' }));
    const qr = await screen.findByRole('img', { name: 'QR code to join Picnic in the Park' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('dialog', { name: 'Invite friends' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });
});

describe('who may invite', () => {
  it('a non-host of a private room has no Invite Friends button', async () => {
    serveRooms({ rooms: [seedRoom({ hostId: 11, members: [11, 7], isPrivate: true })] });
    renderApp(`/room/${ID}`, { token: makeToken() });
    await screen.findByRole('navigation', { name: 'Room actions' });
    expect(screen.queryByRole('button', { name: 'Invite friends' })).not.toBeInTheDocument();
  });
});
