import type { DatePoll, Guest, Invite, Room, User, Venue } from '@outing/contract';
import { MOCK_ME, MOCK_ME_ID, MOCK_ROOM_IDS, minutesAgo, mockPeople, mockStrangers } from '../demo';
import { mockRoom, mockRoomDate } from './room';

// What the rooms mock answers, in the contract's shapes (decision 022): rooms as the server sends them to the signed-in
// user, with their attendees, guest lists and polls. Mock mode serves the demo world below; a test may serve its own
// (features/rooms/testing.ts).

/** A room and what its members read of it. */
export interface MockRoomEntry {
  room: Room;
  /** Its attendees, the host first; the host alone when left out. */
  attendees?: User[];
  /** Its guest list (GET /rooms/{id}/guests); the attendees, going, when left out. */
  guests?: Guest[];
  /** Its open date poll; none when left out. */
  poll?: DatePoll | null;
  /** Friends GET /rooms/{id}/uninvited offers to invite; none when left out. */
  uninvited?: User[];
}

export interface RoomsWorld {
  /** Every room GET /rooms/{id} finds; mine (`myRsvp` set, not `invited`) are listed, the others a visitor's. */
  rooms: MockRoomEntry[];
  /** My pending invitations (GET /rooms/invites), their rooms among `rooms`. */
  invites: Invite[];
  /** What GET /venues/search looks in. */
  venues: Venue[];
  /** Rooms whose bills are consolidated (GET /bills/consolidate/{roomId}). */
  consolidated: string[];
}

type Key = keyof typeof MOCK_ROOM_IDS;
type Row = [Key, string, number, string, string, string, User, User[], boolean, number, string];

const { ben, chloe, dev, emma, felix } = mockPeople;
const { sophie, tom, zara } = mockStrangers;
const me = MOCK_ME;

/** id, name, days from today, time, venue, picture, host, members (host first), private, minutes since updated, description. */
// prettier-ignore
const DEMO: Row[] = [
  ['birthday', "Ben's 30th Birthday", 9, '19:30', 'The Crown & Anchor', 'birthday', ben, [ben, me, chloe, dev], true, 12, 'Dinner, cake and far too many candles. Dress code: something sparkly.'],
  ['football', 'Sunday Football', 3, '10:00', 'Hackney Marshes', 'sports', me, [me, dev, emma], false, 45, '5-a-side, bring both shirts. Pub after.'],
  ['lisbon', 'Lisbon Trip Planning', 41, '18:00', 'Borough Market', 'travel', me, [me, felix], true, 300, ''],
  ['boardGames', 'Board Game Night', -4, '20:00', 'Draughts Waterloo', 'gathering', chloe, [chloe, me, ben], false, 1800, 'Catan rematch. Loser buys the snacks.'],
  ['housewarming', "Emma's Housewarming", 14, '17:00', '12 Mildmay Grove', 'party', emma, [emma, ben], true, 90, 'New flat, old friends. Bring a plant!'],
  ['dogPark', 'Dog Park Meetup', 6, '09:30', 'Hampstead Heath', 'pets', sophie, [sophie, zara], false, 480, 'All good dogs welcome.'],
  ['charityRun', 'Charity 10K Run', 20, '08:00', 'Victoria Park', 'sports', tom, [tom, zara, sophie], false, 120, 'Running for the local food bank.'],
  ['karaoke', 'Karaoke Friday', 2, '21:00', 'Lucky Voice Soho', 'party', zara, [zara], false, 180, ''],
];

/** Rooms ada is invited to: the room's key, who invited her, minutes ago. */
const INVITED: [Key, User, number][] = [
  ['housewarming', emma, 80],
  ['dogPark', sophie, 420],
];

/** name, address, place id. */
// prettier-ignore
const VENUES: [string, string, string][] = [
  ['The Crown & Anchor', '22 Neal St, London WC2H 9PS', 'mock:crown-and-anchor'],
  ['Hackney Marshes', 'Homerton Rd, London E9 5PF', 'mock:hackney-marshes'],
  ['Borough Market', '8 Southwark St, London SE1 1TL', 'mock:borough-market'],
  ['Sky Garden', '1 Sky Garden Walk, London EC3M 8AF', 'mock:sky-garden'],
  ['Hyde Park', 'London W2 2UH', 'mock:hyde-park'],
  ['Hampstead Heath', 'London NW3 7JR', 'mock:hampstead-heath'],
  ['Victoria Park', 'Grove Rd, London E3 5TB', 'mock:victoria-park'],
  ['Camden Market', 'Camden Lock Pl, London NW1 8AF', 'mock:camden-market'],
  ['Lucky Voice Soho', '52 Poland St, London W1F 7NQ', 'mock:lucky-voice-soho'],
];

const placeOf = (venue: string) =>
  VENUES.find(([name]) => name === venue)?.[2] ?? `mock:${venue.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** Mock mode's rooms, as ada (id 7) reads them. */
export function demoRoomsWorld(): RoomsWorld {
  const rooms = DEMO.map(
    ([key, name, inDays, time, venue, image, host, members, isPrivate, updated, description]) => {
      const invitedBy = INVITED.find(([k]) => k === key);
      const member = members.some((m) => m.id === MOCK_ME_ID);
      const room = mockRoom({
        id: MOCK_ROOM_IDS[key],
        name,
        date: mockRoomDate(inDays),
        time,
        venue,
        venuePlaceId: placeOf(venue),
        imageUrl: `/imgs/${image}.png`,
        description,
        host,
        hostId: host.id,
        attendeesCount: members.length,
        goingCount: members.length,
        invitedCount: invitedBy ? 1 : 0,
        myRsvp: member ? 'going' : invitedBy ? 'invited' : null,
        isPrivate,
        createdAt: minutesAgo(updated + 60 * 24),
        updatedAt: minutesAgo(updated),
      });
      const uninvited = Object.values(mockPeople).filter((p) => !members.includes(p));
      return { room, attendees: members, uninvited };
    },
  );
  const invites = INVITED.map(([key, inviter, minutes], n) => ({
    id: 301 + n,
    roomId: MOCK_ROOM_IDS[key],
    room: rooms.find((r) => r.room.id === MOCK_ROOM_IDS[key])!.room,
    inviterId: inviter.id,
    status: 'pending' as const,
    createdAt: minutesAgo(minutes),
  }));
  return {
    rooms,
    invites,
    venues: VENUES.map(([name, address, googleMapsPlaceId]) => ({ name, address, googleMapsPlaceId })),
    consolidated: [MOCK_ROOM_IDS.lisbon],
  };
}
