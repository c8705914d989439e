import { mockPlanFields } from './plan-fields';
import type { DateVote, Room, User, Venue } from '@outing/contract';
import { MOCK_ME_ID, MOCK_ROOM_IDS, mockPeople, mockStrangers, person } from '../demo';

export { MOCK_ME_ID, MOCK_ROOM_IDS } from '../demo';

// Seed data of the rooms mock mode (handlers.ts). "Me" is whoever the token says (the mock login signs in ada,
// id 7); the seed's rooms are built around that id, its people are the demo's (../demo.ts).

export type MemberRsvp = 'going' | 'maybe' | 'declined' | 'waitlisted';

export interface MockPollOption {
  id: number;
  /** `YYYY-MM-DD` */
  date: string;
  time: string;
  votes: Record<number, DateVote>;
}

export interface MockRoom {
  id: string;
  name: string;
  /** Days from today (negative: in the past). */
  inDays: number;
  time: string;
  venue: string;
  venuePlaceId: string;
  image: 'birthday' | 'gathering' | 'party' | 'sports' | 'travel' | 'pets';
  description: string;
  hostId: number;
  /** Member ids, the host included. */
  members: number[];
  isPrivate: boolean;
  isClosed?: boolean;
  /** ISO 4217; USD when left out. */
  currency?: string;
  /** Places for going members; no limit when left out (docs/api/README.md#plans). */
  capacity?: number | null;
  /** IANA zone of its date and time; UTC when left out. */
  timeZone?: string;
  /** An uploaded cover picture, shown instead of `image`. */
  pictureId?: string | null;
  /** Minutes ago it was last updated (orders "my rooms"). */
  updatedMinutesAgo: number;
  /** Members' answers; a member missing here is going. */
  rsvps?: Record<number, MemberRsvp>;
  /** When each member answered (orders the list of guests); missing: the start of time. */
  rsvpAt?: Record<number, number>;
  /** The open date poll's options, or none. */
  poll?: MockPollOption[] | null;
}

export interface MockInvite {
  id: number;
  roomId: string;
  userId: number;
  inviterId: number;
  status: 'pending' | 'accepted' | 'declined';
  createdMinutesAgo: number;
  nudgedAt?: string | null;
}

export interface RoomsMockSeed {
  /** Everyone the rooms mention, besides the signed-in user. */
  people: User[];
  /** Ids (in `people`) of the signed-in user's friends. */
  friendIds: number[];
  rooms: MockRoom[];
  invites: MockInvite[];
  venues: Venue[];
  /** Rooms whose bills are consolidated (GET /bills/consolidate/{roomId}). */
  consolidated: string[];
}

type Demo = [
  keyof typeof MOCK_ROOM_IDS,
  string,
  number,
  string,
  string,
  MockRoom['image'],
  number,
  number[],
  boolean,
  number,
  string,
];

/** id, name, days from today, time, venue, picture, host, members, private, minutes since updated, description. */
// prettier-ignore
const DEMO: Demo[] = [
  ['birthday', "Ben's 30th Birthday", 9, '19:30', 'The Crown & Anchor', 'birthday', 11, [11, MOCK_ME_ID, 12, 13], true, 12, 'Dinner, cake and far too many candles. Dress code: something sparkly.'],
  ['football', 'Sunday Football', 3, '10:00', 'Hackney Marshes', 'sports', MOCK_ME_ID, [MOCK_ME_ID, 13, 14], false, 45, '5-a-side, bring both shirts. Pub after.'],
  ['lisbon', 'Lisbon Trip Planning', 41, '18:00', 'Borough Market', 'travel', MOCK_ME_ID, [MOCK_ME_ID, 15], true, 300, ''],
  ['boardGames', 'Board Game Night', -4, '20:00', 'Draughts Waterloo', 'gathering', 12, [12, MOCK_ME_ID, 11], false, 1800, 'Catan rematch. Loser buys the snacks.'],
  ['housewarming', "Emma's Housewarming", 14, '17:00', '12 Mildmay Grove', 'party', 14, [14, 11], true, 90, 'New flat, old friends. Bring a plant!'],
  ['dogPark', 'Dog Park Meetup', 6, '09:30', 'Hampstead Heath', 'pets', 41, [41, 43], false, 480, 'All good dogs welcome.'],
  ['charityRun', 'Charity 10K Run', 20, '08:00', 'Victoria Park', 'sports', 42, [42, 43, 41], false, 120, 'Running for the local food bank.'],
  ['karaoke', 'Karaoke Friday', 2, '21:00', 'Lucky Voice Soho', 'party', 43, [43], false, 180, ''],
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
  ['Canary Wharf Ice Rink', 'Canada Square Park, London E14 5AB', 'mock:canary-ice'],
  ['Lucky Voice Soho', '52 Poland St, London W1F 7NQ', 'mock:lucky-voice-soho'],
];

const placeId = (venue: string) =>
  `mock:${venue
    .toLowerCase()
    .replace(/^\d+\s+/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

export function defaultRoomsSeed(): RoomsMockSeed {
  const ids = MOCK_ROOM_IDS;
  return {
    people: [...Object.values(mockPeople), ...Object.values(mockStrangers)],
    friendIds: Object.values(mockPeople).map((p) => p.id),
    rooms: DEMO.map(
      ([
        key,
        name,
        inDays,
        time,
        venue,
        image,
        hostId,
        members,
        isPrivate,
        updatedMinutesAgo,
        description,
      ]) => ({
        id: ids[key],
        name,
        inDays,
        time,
        venue,
        venuePlaceId: VENUES.find(([n]) => n === venue)?.[2] ?? placeId(venue),
        image,
        description,
        hostId,
        members: [...members],
        isPrivate,
        updatedMinutesAgo,
      }),
    ),
    invites: [
      {
        id: 301,
        roomId: ids.housewarming,
        userId: MOCK_ME_ID,
        inviterId: 14,
        status: 'pending',
        createdMinutesAgo: 80,
      },
      {
        id: 302,
        roomId: ids.dogPark,
        userId: MOCK_ME_ID,
        inviterId: 41,
        status: 'pending',
        createdMinutesAgo: 420,
      },
    ],
    venues: VENUES.map(([name, address, googleMapsPlaceId]) => ({ name, address, googleMapsPlaceId })),
    consolidated: [ids.lisbon],
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day `days` from today (local), as the server sends a room date: 00:00 UTC of that day. */
export function mockRoomDate(days: number, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T00:00:00.000Z`;
}

/** A ready Room for tests that need one without the handlers. */
export function mockRoom(overrides: Partial<Room> = {}): Room {
  const host = overrides.host ?? person(MOCK_ME_ID, 'ada', 'https://example.com/ada.png');
  const id = overrides.id ?? MOCK_ROOM_IDS.football;
  return {
    ...mockPlanFields(overrides.date ?? mockRoomDate(3), overrides.time ?? '10:00', 3),
    id,
    name: 'Sunday Football',
    time: '10:00',
    venue: 'Hackney Marshes',
    venuePlaceId: 'mock:hackney-marshes',
    venueUrl: 'https://www.google.com/maps/search/?api=1&query=Hackney%20Marshes',
    imageUrl: '/imgs/sports.png',
    date: mockRoomDate(3),
    description: '5-a-side, bring both shirts.',
    attendeesCount: 3,
    hostId: host.id,
    host,
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
    isClosed: false,
    isPrivate: false,
    url: `http://localhost:3000/room/${id}`,
    currency: 'USD',
    ...overrides,
  };
}
