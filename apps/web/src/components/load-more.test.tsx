import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListMore, LoadMore } from './load-more';

/** A stand-in IntersectionObserver: the test says when the sentinel comes into view. */
function fakeObserver() {
  const observers: { callback: IntersectionObserverCallback; nodes: Element[]; live: boolean }[] = [];
  class FakeObserver {
    private entry: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, nodes: [], live: true };
      observers.push(this.entry);
    }
    observe(node: Element) {
      this.entry.nodes.push(node);
    }
    disconnect() {
      this.entry.live = false;
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    scrollIntoView() {
      for (const o of observers.filter((x) => x.live)) {
        o.callback(
          o.nodes.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry),
          o as unknown as IntersectionObserver,
        );
      }
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

const state = (over: Partial<Parameters<typeof ListMore>[0]['list']> = {}) => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  fetchNextPage: vi.fn(() => Promise.resolve()),
  ...over,
});

describe('LoadMore', () => {
  it('asks for the next page when the sentinel scrolls into view, once, and not while busy or failed', () => {
    const io = fakeObserver();
    const onLoadMore = vi.fn();
    const { rerender } = render(<LoadMore busy={false} failed={false} onLoadMore={onLoadMore} />);
    act(() => io.scrollIntoView());
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    act(() => io.scrollIntoView());
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    rerender(<LoadMore busy failed={false} onLoadMore={onLoadMore} />);
    act(() => io.scrollIntoView());
    rerender(<LoadMore busy={false} failed onLoadMore={onLoadMore} />);
    act(() => io.scrollIntoView());
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load more.');
  });

  it('is a button too: Load more, Loading more… while busy (and then inert), Try again after a failure', async () => {
    const onLoadMore = vi.fn();
    const { rerender } = render(<LoadMore busy={false} failed={false} onLoadMore={onLoadMore} />);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<LoadMore busy failed={false} onLoadMore={onLoadMore} />);
    const busy = screen.getByRole('button', { name: 'Loading more…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(busy);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(
      <LoadMore busy={false} failed onLoadMore={onLoadMore} failedText="Could not load more rooms." />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load more rooms.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });
});

describe('ListMore', () => {
  it('says politely how many more came, also when that was the last page, and hides the button at the end', () => {
    const { rerender, container } = render(<ListMore list={state()} loadedCount={20} />);
    const live = container.querySelector('[aria-live="polite"]');
    expect(live).toHaveTextContent('');
    rerender(<ListMore list={state({ hasNextPage: false })} loadedCount={23} />);
    expect(container.querySelector('[aria-live="polite"]')).toBe(live);
    expect(live).toHaveTextContent('3 more loaded');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a smaller list (a removed item) announces nothing', () => {
    const { rerender, container } = render(<ListMore list={state()} loadedCount={20} />);
    rerender(<ListMore list={state()} loadedCount={19} />);
    expect(container.querySelector('[aria-live="polite"]')).toHaveTextContent('');
  });

  it('fetches the next page from the button', async () => {
    const list = state();
    render(<ListMore list={list} loadedCount={20} />);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(list.fetchNextPage).toHaveBeenCalledTimes(1);
  });
});
