import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setTestLanguage } from '@/test/i18n';
import { AttendeeList } from './attendee-list';

// Members are listed by their display name (issue 37), by their username when they set none.

beforeEach(() => setTestLanguage('en', 'en-GB'));

describe('attendee list: display names', () => {
  it('shows a display name where one is set, the username otherwise, and "(you)" after your own', () => {
    render(
      <AttendeeList
        attendees={[
          { id: 7, username: 'ada', displayName: 'Ada Lovelace', email: '', pictureUrl: '' },
          { id: 11, username: 'ben_k', displayName: '', email: '', pictureUrl: '' },
          { id: 12, username: 'cai', email: '', pictureUrl: '' },
        ]}
        hostId={11}
        meId={7}
      />,
    );
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(/Ada Lovelace\s?\(you\)$/);
    expect(rows[0]).not.toHaveTextContent('ada');
    expect(rows[1]).toHaveTextContent(/ben_kHost$/);
    expect(rows[2]).toHaveTextContent(/cai$/);
  });
});
