import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useToast } from '@/hooks/use-toast';
import { ACTION_TOAST_DURATION_MS, TOAST_DURATION_MS, TOAST_FADE_MS, ToastProvider } from './toast-provider';

const undo = vi.fn();

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.success('Bill deleted', { action: { label: 'Undo', onAction: undo } })}>
        delete
      </button>
      <button onClick={() => toast.success('Link copied to clipboard!')}>ok</button>
      <button onClick={() => toast.error('Failed to copy link to clipboard!')}>fail</button>
      <button onClick={() => toast.info('You are on the waitlist')}>news</button>
    </>
  );
}

function renderToasts() {
  return render(
    <ToastProvider>
      <Trigger />
    </ToastProvider>,
  );
}

describe('toast', () => {
  it('with an action: a button that runs it once and closes the toast; it stays 8 s', () => {
    vi.useFakeTimers();
    undo.mockClear();
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'delete' }));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS + TOAST_FADE_MS));
    const toast = screen.getByRole('status');
    expect(toast).toHaveAttribute('data-state', 'open');
    fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'delete' }));
    act(() => vi.advanceTimersByTime(ACTION_TOAST_DURATION_MS + TOAST_FADE_MS));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(undo).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('shows a message for 3 s, then fades for 300 ms and is gone', () => {
    vi.useFakeTimers();
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'ok' }));

    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Link copied to clipboard!');
    expect(toast).toHaveAttribute('data-state', 'open');

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByRole('status')).toHaveClass('opacity-100');

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'leaving');
    expect(screen.getByRole('status')).toHaveClass('opacity-0');

    act(() => vi.advanceTimersByTime(TOAST_FADE_MS - 1));
    expect(screen.queryByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('uses distinct styles for success and error, at most 275 px wide, in a live region', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));

    const [success, error] = screen.getAllByRole('status');
    expect(success).toHaveAttribute('data-variant', 'success');
    expect(success).toHaveClass('bg-emerald-700', 'max-w-[275px]');
    expect(error).toHaveAttribute('data-variant', 'error');
    expect(error).toHaveTextContent('Failed to copy link to clipboard!');
    expect(error).toHaveClass('bg-red-700', 'max-w-[275px]');
    expect(error).not.toHaveClass('bg-emerald-700');
    expect(success?.parentElement).toHaveAttribute('aria-live', 'polite');
  });

  it('news that is no success (info) has its own style: neither green nor red', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'news' }));
    const info = screen.getByRole('status');
    expect(info).toHaveAttribute('data-variant', 'info');
    expect(info).toHaveTextContent('You are on the waitlist');
    expect(info).toHaveClass('bg-ink', 'max-w-[275px]');
    expect(info).not.toHaveClass('bg-emerald-700');
    expect(info).not.toHaveClass('bg-red-700');
  });

  it('useToast outside its provider throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger />)).toThrow('useToast must be used within a ToastProvider');
  });
});
