import type { User } from '@outing/contract';
import { MOCK_ME_ID, MOCK_ROOM_IDS } from './rooms/seed';

// Mock mode's demo people and money rooms, declared once for the mocks that name them (friends, transactions,
// balances, bills, chat), so that mock mode hangs together. The rooms are the rooms mock's (rooms/seed.ts, same ids).

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export const person = (id: number, username: string, pictureUrl = ''): User => ({
  id,
  username,
  email: '',
  pictureUrl,
});

/** The mock login's user (rooms/seed.ts's MOCK_ME_ID). */
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
