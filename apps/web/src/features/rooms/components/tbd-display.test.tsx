import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Room, RoomPreview } from '@outing/contract';
import { ExploreCard } from '@/features/explore/components/explore-card';
import { hasStarted } from '@/features/plans/lib/plan-dates';
import { PreviewDetails } from '@/features/preview/components/preview-details';
import { mockRoom, mockRoomDate } from '@/mocks/rooms/room';
import { resetTestLanguage, setTestLanguage } from '@/test/i18n';
import { withProviders } from '@/test/render-app';
import { RoomInfo } from './room-info';
import { RoomLinkRow } from './room-row';
import { TimingLabel } from './room-labels';

// Issue 37 item 1: wherever a room's date, time or venue is shown, a date or venue to be decided says so
// ("Date TBD", "Venue TBD"; zh 日期待定, 地点待定) instead of the server's placeholders (7 days on, 19:00,
// "To be decided"; docs/api/README.md#date-and-venue-tbd).

afterEach(resetTestLanguage);

const placeholder = mockRoomDate(7);
const tbdRoom = (over: Partial<Room> = {}) =>
  mockRoom({
    name: 'Crab dinner',
    date: placeholder,
    time: '19:00',
    startsAt: `${placeholder.slice(0, 10)}T19:00:00.000Z`,
    venue: 'To be decided',
    venuePlaceId: 'local:to-be-decided',
    venueUrl: '',
    dateTbd: true,
    venueTbd: true,
    ...over,
  });
const show = (ui: React.ReactNode) => render(withProviders(<MemoryRouter>{ui}</MemoryRouter>));
/** The placeholder day as the app would write it (any of its forms: the day of the month is in each). */
const placeholderDay = () => String(Number(placeholder.slice(8, 10)));

describe('a date and venue to be decided', () => {
  it('room page details: "Date TBD · Vote on the date" linking to the poll, no time row, "Venue TBD"', () => {
    show(<RoomInfo room={tbdRoom()} />);
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('Date TBD')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'Vote on the date' })).toHaveAttribute(
      'href',
      '#date-poll',
    );
    expect(within(details).getByText('Venue TBD')).toBeInTheDocument();
    expect(within(details).queryByText('19:00')).not.toBeInTheDocument();
    expect(within(details).queryByText('Time')).not.toBeInTheDocument();
    expect(within(details).queryByText('To be decided')).not.toBeInTheDocument();
    expect(within(details).queryByRole('link', { name: /To be decided/ })).not.toBeInTheDocument();
    // Not "Passed" either, whatever the placeholder.
    expect(within(details).getByText('Upcoming')).toBeInTheDocument();
  });

  it('a fixed date and venue still show as before', () => {
    show(
      <RoomInfo
        room={tbdRoom({
          dateTbd: false,
          venueTbd: false,
          venue: 'Jumbo',
          venueUrl: 'https://maps.example/j',
        })}
      />,
    );
    expect(screen.queryByText('Date TBD')).not.toBeInTheDocument();
    expect(screen.getByText('19:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Jumbo/ })).toBeInTheDocument();
  });

  it('says so in Chinese: 日期待定, 地点待定, 投票选日期', () => {
    setTestLanguage('zh');
    show(<RoomInfo room={tbdRoom()} />);
    expect(screen.getByText('日期待定')).toBeInTheDocument();
    expect(screen.getByText('地点待定')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '投票选日期' })).toBeInTheDocument();
  });

  it('rows of my rooms, invites and history: "Date TBD" and "Venue TBD", not the placeholders', () => {
    show(
      <ul>
        <RoomLinkRow room={tbdRoom()} from="/rooms" />
      </ul>,
    );
    const row = screen.getByRole('link', { name: /Crab dinner/ });
    expect(row).toHaveTextContent('Date TBD');
    expect(row).toHaveTextContent('Venue TBD');
    expect(row).not.toHaveTextContent('19:00');
    expect(row).not.toHaveTextContent('To be decided');
  });

  it('Explore cards: "Date TBD" and "Venue TBD"', () => {
    show(<ExploreCard room={tbdRoom({ goingCount: 1 })} />);
    const card = screen.getByRole('link', { name: /Crab dinner/ });
    expect(card).toHaveTextContent('Date TBD');
    expect(card).toHaveTextContent('Venue TBD');
    expect(card).not.toHaveTextContent('19:00');
    expect(card).not.toHaveTextContent('To be decided');
    expect(card.querySelector('time')).toBeNull();
  });

  it('the preview a link holder sees: "Date TBD", "Venue TBD", no map link', () => {
    const room = tbdRoom();
    const preview: RoomPreview = {
      id: room.id,
      name: room.name,
      imageUrl: room.imageUrl,
      pictureUrl: null,
      date: room.date,
      time: room.time,
      timeZone: 'UTC',
      startsAt: room.startsAt,
      venue: room.venue,
      venueUrl: '',
      description: '',
      host: { username: 'ada', pictureUrl: '' },
      goingCount: 1,
      capacity: null,
      isPrivate: true,
      isClosed: false,
      isPast: false,
      url: room.url,
      dateTbd: true,
      venueTbd: true,
    };
    show(<PreviewDetails preview={preview} />);
    expect(screen.getByText('Date TBD')).toBeInTheDocument();
    expect(screen.getByText('Venue TBD')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('19:00');
    expect(document.body).not.toHaveTextContent(`${placeholderDay()} `);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('has not started, and is upcoming, even once its placeholder has passed', () => {
    const past = tbdRoom({
      date: mockRoomDate(-2),
      startsAt: `${mockRoomDate(-2).slice(0, 10)}T19:00:00.000Z`,
    });
    expect(hasStarted(past)).toBe(false);
    expect(hasStarted({ ...past, dateTbd: false })).toBe(true);
    show(<TimingLabel room={past} />);
    expect(screen.getByText('Upcoming')).toBeInTheDocument();
  });
});
