import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { server } from '@/test/server';
import { setTestLanguage } from '@/test/i18n';
import { todayInputValue } from '@/entities/room/dates';
import { dayFromToday, serveRooms } from '../testing';
import {
  ROOMS,
  fillValidForm,
  recordCreates,
  renderCreate,
  submit,
  venueBox,
} from './create-room-page.testing';

const SEARCH = `${API_BASE}/rooms/venues/search`;

/** Records the venue searches, then lets the mock answer them. */
function recordSearches() {
  const queries: string[] = [];
  server.use(
    http.get(SEARCH, ({ request }) => {
      queries.push(new URL(request.url).searchParams.get('query') ?? '');
    }),
  );
  return queries;
}

beforeEach(() => {
  serveRooms();
});

describe('create room: validation', { timeout: 30_000 }, () => {
  it('asks for name, venue, date and time, announces the errors and sends nothing', async () => {
    const bodies = recordCreates();
    await renderCreate();
    await submit();
    expect(await screen.findByText('Room Name is required')).toBeInTheDocument();
    expect(screen.getByText('Venue is required')).toBeInTheDocument();
    expect(screen.getByText('Date is required')).toBeInTheDocument();
    expect(screen.getByText('Time is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Room name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByRole('alert').length).toBeGreaterThanOrEqual(4);
    expect(bodies).toEqual([]);
  });

  it("refuses a date before today: 'Date must be in the future'; today is fine", async () => {
    await renderCreate();
    const date = screen.getByLabelText('Date');
    fireEvent.change(date, { target: { value: dayFromToday(-1) } });
    await submit();
    expect(await screen.findByText('Date must be in the future')).toBeInTheDocument();
    expect(date).toHaveAttribute('min', todayInputValue());

    fireEvent.change(date, { target: { value: todayInputValue() } });
    await submit();
    await waitFor(() => expect(screen.queryByText('Date must be in the future')).not.toBeInTheDocument());
  });

  it("says the picked day under the date field in the interface's locale, whatever the browser's picker shows", async () => {
    await renderCreate();
    const date = screen.getByLabelText('Date');
    expect(date).not.toHaveAccessibleDescription();
    fireEvent.change(date, { target: { value: '2031-03-07' } });
    await waitFor(() => expect(date).toHaveAccessibleDescription('Fri, 7 Mar 2031'));
  });

  it('says the picked day the Chinese way in Chinese', async () => {
    await renderCreate();
    act(() => setTestLanguage('zh'));
    const date = await screen.findByLabelText('日期');
    fireEvent.change(date, { target: { value: '2031-03-07' } });
    await waitFor(() => expect(date).toHaveAccessibleDescription('2031年3月7日周五'));
  });

  it('defaults to the neutral gathering picture (not the birthday cake, issue 37) and offers all six as a radio group', async () => {
    await renderCreate();
    const group = screen.getByRole('group', { name: 'Picture' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual([
      '/imgs/birthday.png',
      '/imgs/gathering.png',
      '/imgs/party.png',
      '/imgs/sports.png',
      '/imgs/travel.png',
      '/imgs/pets.png',
    ]);
    expect(within(group).getByRole('radio', { name: 'Gathering' })).toBeChecked();
  });
});

describe('create room: venue search', { timeout: 30_000 }, () => {
  it('searches only for more than 2 characters, once typing has paused for 500 ms', async () => {
    const queries = recordSearches();
    await renderCreate();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    fireEvent.change(venueBox(), { target: { value: 'Hy' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(queries).toEqual([]);

    fireEvent.change(venueBox(), { target: { value: 'Hyd' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(venueBox(), { target: { value: 'Hyde' } });
    await act(() => vi.advanceTimersByTimeAsync(499)); // docs/product.md#constants: 500 ms
    expect(queries).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(queries).toEqual(['Hyde']);
    expect(venueBox()).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Venues' });
    expect(within(listbox).getByRole('option', { name: /Hyde Park/ })).toBeInTheDocument();
  });

  it("without a pick from the results, submitting toasts 'Please select a venue.' and sends nothing", async () => {
    const bodies = recordCreates();
    await renderCreate();
    await fillValidForm({ venue: false });
    await userEvent.type(venueBox(), 'Somewhere nice');
    await submit();
    expect(await screen.findByText('Please select a venue.')).toBeInTheDocument();
    expect(screen.queryByText('Venue is required')).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('typing after a pick clears the pick', async () => {
    const bodies = recordCreates();
    await renderCreate();
    await fillValidForm();
    expect(screen.getByText(/Selected: Sky Garden/)).toBeInTheDocument();
    expect(venueBox()).toHaveValue('Sky Garden');

    await userEvent.type(venueBox(), 's');
    expect(screen.queryByText(/Selected:/)).not.toBeInTheDocument();
    await submit();
    expect(await screen.findByText('Please select a venue.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('picks with the keyboard: arrow down, then Enter', async () => {
    await renderCreate();
    await userEvent.type(venueBox(), 'Camden');
    await screen.findByRole('option', { name: /Camden Market/ });
    await userEvent.keyboard('{ArrowDown}');
    expect(venueBox()).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
    await userEvent.keyboard('{Enter}');
    expect(venueBox()).toHaveValue('Camden Market');
    expect(venueBox()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/Selected: Camden Market/)).toBeInTheDocument();
  });

  it("says when the venue search fails (502: the server's words)", async () => {
    server.use(
      http.get(SEARCH, () =>
        fail(502, 'BAD_GATEWAY', 'Venue search is unavailable right now. Please try again in a moment.'),
      ),
    );
    await renderCreate();
    await userEvent.type(venueBox(), 'Hyde');
    expect(
      await screen.findByText('Venue search is unavailable right now. Please try again in a moment.'),
    ).toBeInTheDocument();
  });
});

describe('create room: sending', { timeout: 30_000 }, () => {
  it('sends the room with the picked venue and chosen invitees, then lands on the new room', async () => {
    const bodies = recordCreates();
    const { router } = await renderCreate();
    await fillValidForm();
    await userEvent.click(screen.getByRole('radio', { name: 'Party' }));
    await userEvent.type(screen.getByLabelText(/Description/), 'Bring your brain');
    const invitees = await screen.findByRole('group', { name: /Invite friends/ });
    await userEvent.click(within(invitees).getByRole('checkbox', { name: 'chloe.m' }));
    await userEvent.click(within(invitees).getByRole('checkbox', { name: 'ben_k' }));
    await submit();

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/room\/[0-9a-f-]{36}$/));
    expect(bodies).toEqual([
      {
        room: {
          name: 'Quiz Night',
          date: dayFromToday(2),
          venue: 'Sky Garden',
          venuePlaceId: 'mock:sky-garden',
          time: '19:45',
          imageUrl: '/imgs/party.png',
          isPrivate: true, // the default (issue #20)
          description: 'Bring your brain',
          currency: 'USD', // the en-US locale's
          capacity: null,
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
        invitees: [12, 11],
      },
    ]);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual({ from: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quiz Night' })).toBeInTheDocument();
    expect(screen.getByText('Private event')).toBeInTheDocument();
  });

  it.each([
    [404, 'NOT_FOUND' as const, 'User not found.', 'User not found, please try again later.'],
    [500, 'INTERNAL' as const, 'Boom.', 'An error occurred, please try again later.'],
    [400, 'VALIDATION' as const, 'You can only invite your friends.', 'You can only invite your friends.'],
  ])(
    'toasts the failed call’s text (docs/product.md#failed-calls) for a %s and keeps everything typed',
    async (status, code, message, shown) => {
      server.use(http.post(ROOMS, () => fail(status, code, message)));
      const { router } = await renderCreate();
      await fillValidForm();
      await submit();
      expect(await screen.findByText(shown)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/rooms/create');
      expect(screen.getByLabelText('Room name')).toHaveValue('  Quiz Night  ');
      expect(venueBox()).toHaveValue('Sky Garden');
      expect(screen.getByText(/Selected: Sky Garden/)).toBeInTheDocument();
      expect(screen.getByLabelText('Time')).toHaveValue('19:45');
      expect(screen.getByRole('button', { name: 'Create room' })).toBeEnabled();
    },
  );

  it('sends once however often the button is pressed', async () => {
    const bodies = recordCreates();
    await renderCreate();
    await fillValidForm();
    const button = screen.getByRole('button', { name: 'Create room' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    await waitFor(() => expect(bodies).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodies).toHaveLength(1);
  });
});
