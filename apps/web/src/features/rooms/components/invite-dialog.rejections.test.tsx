import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { seedRoom, serveRooms } from '../testing';

// Issue #10: what invite-dialog.test.tsx does not already cover (none chosen, 401 and 404 are there).

const ID = '11111111-2222-4333-8444-555555555555';
const INVITE = `${API_BASE}/rooms/:id`;

async function openInvite() {
  const view = renderApp({ pathname: `/room/${ID}`, state: { from: '/' } }, { token: makeToken() });
  await userEvent.click(await screen.findByRole('button', { name: 'Invite friends' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite friends' });
  return { ...view, dialog };
}

beforeEach(() => {
  serveRooms({ rooms: [seedRoom()] });
});

describe('invite modal: rejected invites', () => {
  it.each([
    [400, 'You can only invite your friends.', 'You can only invite your friends.'],
    [409, 'felix is already invited.', 'felix is already invited.'],
    [403, 'You are not a member of this room.', 'You are not a member of this room.'],
    [429, 'Too many requests.', 'An error occurred, please try again later.'],
    [500, 'Boom.', 'An error occurred, please try again later.'],
    [0, '', 'An error occurred, please try again later.'],
  ])(
    'a %i (server: %j) shows %j; the modal stays open with the choice kept',
    async (status, message, shown) => {
      server.use(
        http.post(INVITE, () =>
          status === 0
            ? HttpResponse.error()
            : fail(status, status === 409 ? 'CONFLICT' : 'VALIDATION', message),
        ),
      );
      const { dialog } = await openInvite();
      await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'felix' }));
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'chloe.m' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(shown);
      expect(screen.getByRole('dialog', { name: 'Invite friends' })).toBeInTheDocument();
      expect(within(dialog).getByRole('checkbox', { name: 'felix' })).toBeChecked();
      expect(within(dialog).getByRole('checkbox', { name: 'chloe.m' })).toBeChecked();
      expect(within(dialog).getByRole('checkbox', { name: 'emma.w' })).not.toBeChecked();
    },
  );

  it("'Invitees are required' is tied to the list and goes once a friend is chosen", async () => {
    const { dialog } = await openInvite();
    await within(dialog).findByRole('group', { name: 'Friends to invite' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const error = await within(dialog).findByText('Invitees are required');
    expect(error.closest('[role="alert"]')).not.toBeNull();
    expect(within(dialog).getByRole('group', { name: 'Friends to invite' })).toHaveAccessibleDescription(
      'Invitees are required',
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'felix' }));
    expect(within(dialog).queryByText('Invitees are required')).not.toBeInTheDocument();
  });

  it('after a 409, a friend who dropped out of the reloaded list is not sent again', async () => {
    let felixInvited = false;
    const sent: number[][] = [];
    server.use(
      http.get(`${API_BASE}/rooms/:id/uninvited`, () => {
        const users = [
          { id: 21, username: 'felix', email: 'felix@example.com', pictureUrl: '' },
          { id: 22, username: 'chloe.m', email: 'chloe@example.com', pictureUrl: '' },
        ].filter((u) => !(felixInvited && u.username === 'felix'));
        return HttpResponse.json({ status: 'success', message: '', data: users });
      }),
      http.post(INVITE, async ({ request }) => {
        const body = (await request.json()) as { invitees: number[] };
        sent.push(body.invitees);
        if (sent.length === 1) {
          felixInvited = true; // somebody else invited felix meanwhile
          return fail(409, 'CONFLICT', 'felix is already invited.');
        }
        return HttpResponse.json({ status: 'success', message: 'Invited', data: [] });
      }),
    );
    const { dialog } = await openInvite();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'felix' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'chloe.m' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('felix is already invited.');
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: 'felix' })).toBeNull());
    expect(within(dialog).getByRole('checkbox', { name: 'chloe.m' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([[21, 22], [22]]);
  });
});
