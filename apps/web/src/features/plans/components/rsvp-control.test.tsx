import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Room } from '@outing/contract';
import { API_BASE } from '@/lib/api-client';
import { fail, ok } from '@/mocks/envelope';
import { mockRoom } from '@/mocks/rooms/handlers';
import { server } from '@/test/server';
import { withProviders } from '@/test/render-app';
import { RsvpControl } from './rsvp-control';

const room: Room = mockRoom({ name: 'Picnic', myRsvp: 'invited' });
const page = { hide: () => {} };

/** The control as the room page shows it to an invitee, until `hide` (the page turning into the member's view). */
function Page() {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    page.hide = () => setShown(false);
  }, []);
  return shown ? <RsvpControl room={room} /> : <p>Member view</p>;
}

/** Answers the RSVP once the control is gone, as when the room's change reached the page before the answer. */
function answerAfterTheViewChanged(answer: () => Response) {
  server.use(
    http.patch(`${API_BASE}/rooms/:id/rsvp`, async () => {
      await act(async () => page.hide());
      return answer();
    }),
  );
}

describe('RSVP control', () => {
  it('says the answer was saved even when the page changed view before it arrived', async () => {
    answerAfterTheViewChanged(() =>
      ok({ room: { ...room, myRsvp: 'going' }, rsvp: 'going' }, 'Answer saved'),
    );
    render(withProviders(<Page />));
    await userEvent.click(screen.getByRole('button', { name: /Going/ }));
    expect(await screen.findByText('Member view')).toBeInTheDocument();
    expect(await screen.findByText("You're going to Picnic!")).toBeInTheDocument();
  });

  it('says why an answer was refused even when the control is gone', async () => {
    answerAfterTheViewChanged(() =>
      fail(409, 'CONFLICT', 'This outing has already started.', undefined, {
        body: { reason: 'ALREADY_STARTED' },
      }),
    );
    render(withProviders(<Page />));
    await userEvent.click(screen.getByRole('button', { name: /Going/ }));
    expect(await screen.findByText('Member view')).toBeInTheDocument();
    expect(await screen.findByText('This outing has already started.')).toBeInTheDocument();
  });
});
