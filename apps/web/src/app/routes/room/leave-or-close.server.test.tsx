// Leaving and closing a room against the real server (src/test/real-server.ts). Leaving needs a zero net there
// (docs/money.md): the dialog says what is still owed before Leave is pressed, the server's refusal names it, and once
// square the member leaves. A member who left, or a room its host closed, is gone from the lists the server answers
// (docs/api/README.md#rooms). The msw side (room-page.test.tsx) keeps the refusals and Cancel.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatAmount } from '@/lib/money';
import { realServer } from '@/test/real-server';
import { warmUpRoomPage } from '@/test/room-plans';

warmUpRoomPage();
const server = realServer();
// As the screen reads it (toHaveTextContent folds the no-break space Intl may put after a currency code).
const sgd = (amount: number) => formatAmount(amount, 'SGD').replace(/\s/g, ' ');

describe('Leave room with money outstanding, against the real server', () => {
  it('says what is owed, is refused with the server’s sentence, and works once square', async () => {
    const ann = await server.user({ username: 'ann' });
    const ben = await server.user({ username: 'ben' });
    const { room } = await server.room(ann, { name: 'Chilli crab', currency: 'SGD' });
    await server.api(ben).patch(`/rooms/${room.id}/join`);
    await server.api(ann).post('/bills', {
      name: 'Dinner',
      roomId: room.id,
      amount: 20,
      split: { mode: 'equal', userIds: [ann.id, ben.id] },
    });

    const view = server.render(`/room/${room.id}`, ben);
    await view.live();
    fireEvent.click(await screen.findByRole('button', { name: 'Leave room' }));
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() =>
      expect(dialog).toHaveTextContent(
        `You still owe ${sgd(10)} in this room. You can leave once you are square`,
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave room' }));
    expect(
      await screen.findByText(`You can leave once you are square here: you owe ${sgd(10)} to ann.`),
    ).toBeInTheDocument();

    // Ann records the 10.00 she received: Ben is square and may leave.
    await server
      .api(ann)
      .post('/transactions', { roomId: room.id, payerId: ben.id, payeeId: ann.id, amount: 10 });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave room' }));
    const again = await screen.findByRole('alertdialog');
    await waitFor(() => expect(again).toHaveTextContent('The room will leave your lists.'));
    fireEvent.click(within(again).getByRole('button', { name: 'Leave room' }));
    expect(await screen.findByText('You left the room')).toBeInTheDocument();
  });
});

describe('Leave and close, against the real server', () => {
  it('a member leaves after confirming and goes home', async () => {
    const [host, ben] = await server.users(2);
    const { room } = await server.room(host, { name: 'Picnic in the Park' });
    await server.api(ben).patch(`/rooms/${room.id}/join`);

    const { router } = server.render({ pathname: `/room/${room.id}`, state: { from: '/rooms' } }, ben);
    await userEvent.click(await screen.findByRole('button', { name: 'Leave room' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave room' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('No rooms to display. Go create or join one!')).toBeInTheDocument();
  });

  it('the host closes after confirming; the room leaves the lists', async () => {
    const [host, ben] = await server.users(2);
    const { room } = await server.room(host, { name: 'Picnic in the Park' });
    await server.api(ben).patch(`/rooms/${room.id}/join`);

    const { router } = server.render('/rooms', host);
    await userEvent.click(await screen.findByRole('link', { name: /Picnic in the Park/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close room' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Close Picnic in the Park?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Close room' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Room closed')).toBeInTheDocument();
    expect(await screen.findByText('No rooms to display. Go create or join one!')).toBeInTheDocument();
    await router.navigate('/rooms');
    // Home shows the same empty text: wait for the /rooms screen itself before looking for it there.
    const roomsScreen =
      (await screen.findByRole('heading', { level: 1, name: 'Rooms' })).closest('main') ?? document.body;
    expect(
      await within(roomsScreen as HTMLElement).findByText('No rooms to display. Go create or join one!'),
    ).toBeInTheDocument();
  });
});
