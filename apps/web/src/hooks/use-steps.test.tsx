import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSteps } from './use-steps';

/** Records every step value it renders with, in order. */
function Steps({ ready, count, seen }: { ready: boolean; count: number; seen: number[] }) {
  const step = useSteps(ready, count);
  seen.push(step);
  return <p data-testid="step">{step}</p>;
}

describe('useSteps', () => {
  it('stays at 0 until ready, then mounts one step per commit up to the count, and no further', async () => {
    const seen: number[] = [];
    const view = render(<Steps ready={false} count={3} seen={seen} />);
    expect(screen.getByTestId('step')).toHaveTextContent('0');
    await act(async () => view.rerender(<Steps ready count={3} seen={seen} />));
    expect(screen.getByTestId('step')).toHaveTextContent('3');
    // Each step was a render of its own: 1, 2 and 3 were each committed in turn, none skipped.
    const distinct = seen.filter((s, i) => i === 0 || s !== seen[i - 1]);
    expect(distinct).toEqual([0, 1, 2, 3]);
  });

  it('says 0 while not ready, and the steps reached before once ready again', async () => {
    const seen: number[] = [];
    const view = render(<Steps ready count={2} seen={seen} />);
    await act(async () => {});
    expect(screen.getByTestId('step')).toHaveTextContent('2');
    view.rerender(<Steps ready={false} count={2} seen={seen} />);
    expect(screen.getByTestId('step')).toHaveTextContent('0');
    view.rerender(<Steps ready count={2} seen={seen} />);
    expect(screen.getByTestId('step')).toHaveTextContent('2');
  });
});
