import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProtectedRoute } from '@/app/routes/protected-route';
import { useAttendees } from '@/entities/room/get-attendees';
import { API_BASE } from '@/lib/api-client';
import { ok } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { ROOM_ID, ada, ben, billRoutes, chloe, dev, roomSeed } from '@/test/bill-screens';
import {
  amountField,
  capture,
  billOf,
  nameField,
  navState,
  renderForm,
  review,
  setUpBillFormTests,
} from './create-bill-page.testing';

// Issue 37 item 5: dev_patel has just joined. The room page's members (navigation state) do not have him yet; the
// server's answer, arriving after the form is on screen, does. A new bill's default "everyone" takes him in, unless
// the split was already edited; and the review says who in the room is not in the bill, without blocking the save.

setUpBillFormTests({ seed: () => roomSeed({ members: [ada.id, ben.id, chloe.id, dev.id] }) });

const people = () => within(screen.getByRole('group', { name: 'Split between' }));

/** GET /attendees answered only once `release` is called: the members list changes after the form mounted. */
function holdAttendees() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get(`${API_BASE}/rooms/:id/attendees`, async () => {
      await released;
      return ok([ada, ben, chloe, dev].map((p) => ({ ...p, rsvp: 'going' })));
    }),
  );
  return release;
}

describe('create bill: someone who just joined', () => {
  it('ticks a member who arrives after the form opened, while the split is still everyone', async () => {
    const release = holdAttendees();
    await renderForm(undefined, navState);
    expect(people().getAllByRole('checkbox')).toHaveLength(3);
    release();
    const devBox = await people().findByRole('checkbox', { name: 'dev_patel' });
    await waitFor(() => expect(devBox).toBeChecked());
    expect(
      people()
        .getAllByRole('checkbox')
        .every((c) => (c as HTMLInputElement).checked),
    ).toBe(true);
  });

  it('keeps an edited selection as it is when the members list changes', async () => {
    const release = holdAttendees();
    await renderForm(undefined, navState);
    await userEvent.click(people().getByRole('checkbox', { name: 'chloe.m' }));
    release();
    const devBox = await people().findByRole('checkbox', { name: 'dev_patel' });
    expect(devBox).not.toBeChecked();
    expect(people().getByRole('checkbox', { name: 'chloe.m' })).not.toBeChecked();
    expect(people().getByRole('checkbox', { name: 'ben_k' })).toBeChecked();
  });

  it('warns on the review about who in the room is not in the bill, and still saves', async () => {
    const bodies = capture('post', (body) =>
      ok(
        billOf({
          amount: 40,
          split: { mode: 'equal', userIds: [ada.id, ben.id, dev.id] },
          shares: [],
          ...(body as object),
          paidBy: [{ userId: ada.id, amount: 40 }],
        }),
      ),
    );
    await renderForm(undefined, { ...navState, attendees: [ada, ben, chloe, dev] });
    await userEvent.type(nameField(), 'Desserts');
    await userEvent.type(amountField(), '40');
    await userEvent.click(people().getByRole('checkbox', { name: 'chloe.m' }));
    await review();
    await screen.findByRole('heading', { name: 'Review the bill' });
    expect(screen.getByTestId('review-left-out')).toHaveTextContent('Not in this bill: chloe.m');
    await userEvent.click(screen.getByRole('button', { name: 'Add bill' }));
    expect(await screen.findByText('Bill created successfully!')).toBeInTheDocument();
    expect(bodies).toMatchObject([
      { roomId: ROOM_ID, split: { mode: 'equal', userIds: [ada.id, ben.id, dev.id] } },
    ]);
  });

  it('says nothing when everyone in the room is in the bill', async () => {
    await renderForm(undefined, { ...navState, attendees: [ada, ben, chloe, dev] });
    await userEvent.type(nameField(), 'Desserts');
    await userEvent.type(amountField(), '40');
    await review();
    await screen.findByRole('heading', { name: 'Review the bill' });
    expect(screen.queryByTestId('review-left-out')).not.toBeInTheDocument();
  });

  it('reads the members afresh when the form opens, however recent the room page’s list', async () => {
    // The room page read three members a moment ago; dev joins and this device misses the ROOM_UPDATED frame.
    let members = [ada, ben, chloe];
    server.use(
      http.get(`${API_BASE}/rooms/:id/attendees`, () => ok(members.map((p) => ({ ...p, rsvp: 'going' })))),
    );
    const create = billRoutes[0]!.children!.find((r) => r.path === 'room/:roomId/bill/create')!;
    const routeList: RouteObject[] = [
      { element: <ProtectedRoute />, children: [{ path: 'room/:roomId', element: <RoomStandIn /> }, create] },
    ];
    renderApp(`/room/${ROOM_ID}`, { token: makeToken(), routeList });
    expect(await screen.findByText('3 members')).toBeInTheDocument();
    members = [ada, ben, chloe, dev];
    await userEvent.click(screen.getByRole('link', { name: 'Add a bill' }));
    await screen.findByRole('button', { name: 'Review' });
    const devBox = await people().findByRole('checkbox', { name: 'dev_patel' });
    await waitFor(() => expect(devBox).toBeChecked());
  });
});

/** The room page as far as the bill form cares: its members (cached), and Add a bill with them as navigation state. */
function RoomStandIn() {
  // The app's default freshness (lib/query-client.ts: 30 s), which the tests' client leaves out: a list read a
  // moment ago is fresh, and nothing but the form itself would read it again.
  const queryClient = useQueryClient();
  useState(() =>
    queryClient.setDefaultOptions({
      queries: { ...queryClient.getDefaultOptions().queries, staleTime: 30_000 },
    }),
  );
  const attendees = useAttendees(ROOM_ID);
  if (!attendees.data) return <p>Loading room</p>;
  return (
    <main>
      <p>{attendees.data.length} members</p>
      <Link
        to={`/room/${ROOM_ID}/bill/create`}
        state={{
          attendees: attendees.data,
          roomName: 'Board Game Night',
          userId: ada.id,
          from: `/room/${ROOM_ID}`,
        }}
      >
        Add a bill
      </Link>
    </main>
  );
}
