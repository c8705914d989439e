import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { serveRooms } from '@/features/rooms/testing';
import { mockRoom } from '@/mocks/rooms/room';
import { planRoom, ROOM_ID, warmUpRoomPage } from '@/test/room-plans';
import { shareData } from './use-share';

// Issue 37 item 1 on the room page: a date to be decided has no calendar entry (no .ics, Google or Outlook), a
// venue to be decided no directions; the date poll is where "Vote on the date" leads.

warmUpRoomPage();

const renderRoom = () => renderApp(`/room/${ROOM_ID}`, { token: makeToken() });

describe('room page: date and venue to be decided', { timeout: 30_000 }, () => {
  it('offers no calendar entry and no directions; Share stays', async () => {
    serveRooms({ rooms: [planRoom({ dateTbd: true, venueTbd: true, venue: 'To be decided' })] });
    renderRoom();
    expect(await screen.findByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.getByText('Date TBD')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('link', { name: /Google Calendar|Outlook|Directions/ }),
    ).not.toBeInTheDocument();
    // The host is asked to propose dates, in so many words.
    expect(
      await screen.findByText('The date is to be decided: propose a few dates and let your guests vote.'),
    ).toBeInTheDocument();
    expect(document.getElementById('date-poll')).not.toBeNull();
  });

  it('a fixed date offers them again', async () => {
    serveRooms({ rooms: [planRoom()] });
    renderRoom();
    expect(await screen.findByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Google Calendar/ })).toBeInTheDocument();
    expect(screen.queryByText('Date TBD')).not.toBeInTheDocument();
  });

  it('a guest is told the host will propose dates', async () => {
    serveRooms({ rooms: [planRoom({ hostId: 11, members: [11, 7], dateTbd: true })] });
    renderRoom();
    expect(
      await screen.findByText('The date is to be decided. The host will propose dates to vote on.'),
    ).toBeInTheDocument();
  });

  it('shares "Date TBD" and "Venue TBD", not the placeholders', () => {
    const room = mockRoom({ name: 'Crab dinner', venue: 'To be decided', dateTbd: true, venueTbd: true });
    const { text } = shareData(room, 'Thu, 10 Dec 2026 19:00');
    expect(text).toContain('Date TBD');
    expect(text).toContain('Venue TBD');
    expect(text).not.toContain('19:00');
    expect(text).not.toContain('To be decided');
  });
});
