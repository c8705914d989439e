import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EnvelopeIcon } from '@heroicons/react/24/outline';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { QuickActionButton } from './quick-action-button';

function renderInRouter(element: ReactNode) {
  const router = createMemoryRouter([
    { path: '/', element },
    { path: '/rooms/invites', element: <p>Invites screen</p> },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

describe('QuickActionButton', () => {
  it.each([
    [undefined, false],
    [0, false],
    [-1, false],
    [1, true],
    [5, true],
  ])('with count %s shows the badge: %s', (count, shown) => {
    render(<QuickActionButton icon={EnvelopeIcon} title="Room Invites" count={count} onClick={() => {}} />);
    expect(screen.queryByTestId('quick-action-badge') !== null).toBe(shown);
    if (shown) expect(screen.getByTestId('quick-action-badge')).toHaveTextContent(String(count));
  });

  it('caps a large count at 99+', () => {
    render(<QuickActionButton icon={EnvelopeIcon} title="Room Invites" count={120} onClick={() => {}} />);
    expect(screen.getByTestId('quick-action-badge')).toHaveTextContent('99+');
  });

  it('is a link with navigation state when given `to`', async () => {
    const router = renderInRouter(
      <QuickActionButton
        icon={EnvelopeIcon}
        title="Room Invites"
        to="/rooms/invites"
        state={{ from: '/' }}
      />,
    );
    const link = screen.getByRole('link', { name: 'Room Invites' });
    expect(link).toHaveAttribute('href', '/rooms/invites');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(link);
    expect(await screen.findByText('Invites screen')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/' });
  });

  it('is a button that runs onClick otherwise', async () => {
    const onClick = vi.fn();
    render(<QuickActionButton icon={EnvelopeIcon} title="Create Room" onClick={onClick} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Room' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
