import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { setTestLanguage } from '@/test/i18n';
import { makeToken } from '@/test/tokens';
import { serveRooms } from '@/features/rooms/testing';
import { mockRoomDate } from '@/mocks/rooms/room';
import { planRoom, ROOM_ID, warmUpRoomPage } from '@/test/room-plans';

// Issue 37 item 2: beside the .ics, Google Calendar's and Outlook's new-event forms filled in with the room, and
// directions to the venue; each a link that says where it goes and opens in a new tab.

warmUpRoomPage();

const renderRoom = () => renderApp(`/room/${ROOM_ID}`, { token: makeToken() });
const GOOGLE_PLACE = 'ChIJdd4hrwug2EcRmSrV3Vo6llI';

/** The seed room (Picnic in the Park, 5 days on at 12:30 UTC, Hyde Park): its day as YYYYMMDD and YYYY-MM-DD. */
const day = () => {
  const iso = mockRoomDate(5).slice(0, 10);
  return { iso, basic: iso.replace(/-/g, '') };
};
const details = () => encodeURIComponent(`Bring a blanket.\n\n${window.location.origin}/room/${ROOM_ID}`);

const expectNewTab = (link: HTMLElement) => {
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'noopener noreferrer');
};

describe('room page: calendar links and directions', { timeout: 30_000 }, () => {
  it('offers Google Calendar and Outlook filled in with the room, two hours from its start in UTC', async () => {
    serveRooms({ rooms: [planRoom({ name: 'Picnic & Games', venuePlaceId: GOOGLE_PLACE })] });
    renderRoom();
    const { basic, iso } = day();

    const google = await screen.findByRole('link', { name: 'Add to Google Calendar (opens in a new tab)' });
    expect(google).toHaveTextContent('Google Calendar');
    expect(google).toHaveAttribute(
      'href',
      'https://calendar.google.com/calendar/render?action=TEMPLATE&text=Picnic%20%26%20Games' +
        `&dates=${basic}T123000Z/${basic}T143000Z&details=${details()}&location=Hyde%20Park`,
    );
    expectNewTab(google);

    const outlook = screen.getByRole('link', { name: 'Add to Outlook Calendar (opens in a new tab)' });
    expect(outlook).toHaveTextContent('Outlook');
    expect(outlook).toHaveAttribute(
      'href',
      'https://outlook.live.com/calendar/0/action/compose?rru=addevent&subject=Picnic%20%26%20Games' +
        `&startdt=${iso}T12%3A30%3A00Z&enddt=${iso}T14%3A30%3A00Z&body=${details()}&location=Hyde%20Park`,
    );
    expectNewTab(outlook);

    // The .ics download stays, beside them.
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
  });

  it('gives directions to the venue, with its Google place id when it has one', async () => {
    serveRooms({ rooms: [planRoom({ venuePlaceId: GOOGLE_PLACE })] });
    renderRoom();
    const link = await screen.findByRole('link', { name: 'Directions to Hyde Park (opens in a new tab)' });
    expect(link).toHaveTextContent('Directions');
    expect(link).toHaveAttribute(
      'href',
      `https://www.google.com/maps/dir/?api=1&destination=Hyde%20Park&destination_place_id=${GOOGLE_PLACE}`,
    );
    expectNewTab(link);
  });

  it('gives directions by the venue’s text when its place id is not Google’s', async () => {
    serveRooms({
      rooms: [planRoom({ venue: 'Gardens by the Bay', venuePlaceId: 'local:gardens-by-the-bay' })],
    });
    renderRoom();
    const link = await screen.findByRole('link', { name: /^Directions to Gardens by the Bay/ });
    expect(link).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=Gardens%20by%20the%20Bay',
    );
  });

  it('has no Directions when the venue is empty', async () => {
    serveRooms({ rooms: [planRoom({ venue: '  ' })] });
    renderRoom();
    await screen.findByRole('link', { name: 'Add to Google Calendar (opens in a new tab)' });
    expect(screen.queryByRole('link', { name: /Directions/ })).not.toBeInTheDocument();
  });

  it('is not offered to a visitor who is not a member', async () => {
    serveRooms({ rooms: [planRoom({ hostId: 11, members: [11] })] });
    renderRoom();
    await screen.findByRole('region', { name: 'Join' });
    expect(
      screen.queryByRole('link', { name: /Google Calendar|Outlook|Directions/ }),
    ).not.toBeInTheDocument();
  });

  it('says where each link goes in Chinese', async () => {
    setTestLanguage('zh');
    serveRooms({ rooms: [planRoom()] });
    renderRoom();
    expect(
      await screen.findByRole('link', { name: '添加到 Google 日历（在新标签页中打开）' }),
    ).toHaveTextContent('Google 日历');
    expect(screen.getByRole('link', { name: '添加到 Outlook 日历（在新标签页中打开）' })).toHaveTextContent(
      'Outlook 日历',
    );
    expect(screen.getByRole('link', { name: '前往Hyde Park的路线（在新标签页中打开）' })).toHaveTextContent(
      '路线',
    );
  });
});
