import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportServerReachable, reportServerUnreachable, PROBE_INTERVAL_MS } from '@/lib/connectivity';
import { OfflineBanner } from './offline-banner';

const OFFLINE_MESSAGE = "You're offline. Outing will catch up when it can reach the server again.";

afterEach(() => {
  act(() => reportServerReachable());
});

describe('OfflineBanner', () => {
  it('says so in a live region while the server cannot be reached, and goes when it answers', () => {
    render(<OfflineBanner />);
    const region = screen.getByTestId('connectivity');
    expect(region).toBeEmptyDOMElement();
    act(() => reportServerUnreachable());
    expect(region).toHaveTextContent(OFFLINE_MESSAGE);
    act(() => reportServerReachable());
    expect(region).toBeEmptyDOMElement();
  });

  it('shows when the browser goes offline', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId('connectivity')).toHaveTextContent(OFFLINE_MESSAGE);
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByTestId('connectivity')).toBeEmptyDOMElement();
  });

  it('probes the health endpoint while unreachable and clears itself once it answers', async () => {
    vi.useFakeTimers();
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(new Response('{}', { status: 503 }));
    render(<OfflineBanner />);
    act(() => reportServerUnreachable());
    await act(() => vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS));
    expect(screen.getByTestId('connectivity')).toHaveTextContent(OFFLINE_MESSAGE);
    await act(() => vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS));
    expect(screen.getByTestId('connectivity')).toBeEmptyDOMElement();
    expect(fetchSpy).toHaveBeenCalledWith('/v1/health', { cache: 'no-store' });
  });
});
