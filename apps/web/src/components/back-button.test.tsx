import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { BackButton } from './back-button';

function renderAt(state: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home screen</p> },
      { path: '/rooms', element: <p>Rooms screen</p> },
      { path: '/room/:roomId', element: <BackButton /> },
    ],
    { initialEntries: ['/rooms', { pathname: '/room/r1', state }], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('BackButton', () => {
  it('goes back when navigation state says where from', async () => {
    const router = renderAt({ from: '/rooms' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Rooms screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/rooms');
  });

  it('goes to / without navigation state', async () => {
    const router = renderAt(null);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
