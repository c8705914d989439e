import type { RoomStats } from '@outing/contract';

// Test data of the Spending view: GET /rooms/{id}/stats as the server answers it (docs/api/README.md#statistics), a
// weekend of a room of four (ada, the signed-in test user; ben_k and chloe.m; mei, a guest), written out by hand so
// that every list adds up to the total (850.50), as the server's do. Nothing is summed here.

/** The guest of the room (docs/guests.md). */
export const mei = { id: 14, username: 'mei', email: '', pictureUrl: '', isGuest: true as const };

export const weekendStats: RoomStats = {
  currency: 'USD',
  total: 850.5,
  byCategory: [
    { category: 'lodging', amount: 420 },
    { category: 'food', amount: 186.4 },
    { category: 'activities', amount: 90 },
    { category: 'drinks', amount: 64.5 },
    { category: 'transport', amount: 58.2 },
    { category: 'groceries', amount: 31.4 },
  ],
  byMember: [
    { userId: 7, paid: 484.5, owes: 212.63 },
    { userId: 11, paid: 217.8, owes: 212.62 },
    { userId: 12, paid: 148.2, owes: 212.63 },
    { userId: 14, paid: 0, owes: 212.62 },
  ],
  byDay: [
    { date: '2026-11-20', amount: 420 },
    { date: '2026-11-21', amount: 122.7 },
    { date: '2026-11-22', amount: 186.4 },
    { date: '2026-11-24', amount: 90 },
    { date: '2026-11-25', amount: 31.4 },
  ],
};

/** A room without bills: the server's answer, every member at zero. */
export const emptyStats: RoomStats = {
  currency: 'USD',
  total: 0,
  byCategory: [],
  byMember: [
    { userId: 7, paid: 0, owes: 0 },
    { userId: 11, paid: 0, owes: 0 },
  ],
  byDay: [],
};
