import { describe, expect, it } from 'vitest';
import { readBillNavigationState } from './navigation-state';

describe('readBillNavigationState', () => {
  it('keeps a guest’s mark (docs/guests.md) and gives accounts none', () => {
    const state = readBillNavigationState({
      attendees: [
        { id: 7, username: 'ada', email: 'ada@example.com', pictureUrl: '' },
        { id: 14, username: 'mei', email: '', pictureUrl: '', isGuest: true },
        { id: 15, username: 'odd', isGuest: 'yes' },
      ],
    });
    expect(state.attendees).toEqual([
      { id: 7, username: 'ada', email: 'ada@example.com', pictureUrl: '' },
      { id: 14, username: 'mei', email: '', pictureUrl: '', isGuest: true },
      { id: 15, username: 'odd', email: '', pictureUrl: '' },
    ]);
  });
});
