import type { User } from '@outing/contract';

// Mock mode's demo people and money rooms, declared once for the mocks that name them (friends, transactions,
// balances, bills, chat), so that mock mode hangs together, and the demo rooms' ids (the rooms mock's world,
// rooms/world.ts, describes them).

/** The mock login's user id: the demo world is built around it. */
export const MOCK_ME_ID = 7;

/** Room ids are UUIDv4 (docs/api/README.md#shapes). */
export const MOCK_ROOM_IDS = {
  birthday: '3f8a2c1e-5b7d-4e9a-8c2f-1a2b3c4d5e01',
  football: '6b1d9e2a-7c3f-4a8b-9d1e-2b3c4d5e6f02',
  lisbon: '9c2e0f3b-8d4a-4b9c-a2f3-3c4d5e6f7a03',
  boardGames: 'a4d3f1c2-9e5b-4cad-b3a4-4d5e6f7a8b04',
  housewarming: 'b5e4a2d3-0f6c-4dbe-84b5-5e6f7a8b9c05',
  dogPark: 'c6f5b3e4-1a7d-4ecf-95c6-6f7a8b9cad06',
  charityRun: 'd7a6c4f5-2b8e-4fd0-a6d7-7a8b9cadbe07',
  karaoke: 'e8b7d5a6-3c9f-4ae1-b7e8-8b9cadbecf08',
} as const;

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export const person = (id: number, username: string, pictureUrl = ''): User => ({
  id,
  username,
  email: '',
  pictureUrl,
});

/** The mock login's user. */
export const MOCK_ME: User = { id: MOCK_ME_ID, username: 'ada', email: 'ada@example.com', pictureUrl: '' };

/** Ada's friends. */
export const mockPeople = {
  ben: person(11, 'ben_k'),
  chloe: person(12, 'chloe.m', 'https://i.pravatar.cc/150?img=47'),
  dev: person(13, 'dev_patel'),
  emma: person(14, 'emma.w'),
  felix: person(15, 'felix', 'https://i.pravatar.cc/150?img=12'),
};

/** People who asked ada to be friends. */
export const mockStrangers = {
  sophie: person(41, 'sophie_r', 'https://i.pravatar.cc/150?img=44'),
  tom: person(42, 'tom.h'),
  zara: person(43, 'zara'),
};

/** The rooms money is about: two of the rooms mock's, and three past ones only the money mocks name. */
export const MOCK_MONEY_ROOMS = {
  lisbon: { id: MOCK_ROOM_IDS.lisbon, name: 'Lisbon Trip Planning' },
  boardGames: { id: MOCK_ROOM_IDS.boardGames, name: 'Board Game Night' },
  camden: { id: '0d3c6a9e-4f1b-4c2d-8e7f-9a0b1c2d3e10', name: 'Camden Brunch' },
  brighton: { id: '1e4d7b0f-5a2c-4d3e-9f8a-0b1c2d3e4f11', name: 'Brighton Day Trip' },
  santa: { id: '2f5e8c1a-6b3d-4e4f-a09b-1c2d3e4f5a12', name: 'Secret Santa' },
};
