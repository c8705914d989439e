import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Within this distance of the bottom counts as "at the bottom". */
const BOTTOM_SLACK_PX = 48;
/** Within this distance of the top the next older page loads. */
const TOP_TRIGGER_PX = 160;

interface ChatScrollOptions {
  /** Oldest and newest rendered message (pending sends included). */
  firstKey: string | undefined;
  lastKey: string | undefined;
  /** The newest message is the user's own: always scroll to it. */
  lastIsOwn: boolean;
  canLoadOlder: boolean;
  loadOlder: () => void;
}

/**
 * The message list's scrolling: starts at the bottom; follows new messages while the reader is at the bottom,
 * else offers a "New messages" pill; near the top loads the next older page and keeps what the reader was looking
 * at in place when it arrives (the list grows above the view).
 */
export function useChatScroll({ firstKey, lastKey, lastIsOwn, canLoadOlder, loadOlder }: ChatScrollOptions) {
  const listRef = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const [pill, setPill] = useState(false);
  const [seenLast, setSeenLast] = useState(lastKey);
  const atBottomRef = useRef(true);
  const rendered = useRef<{ first: string | undefined; last: string | undefined }>({
    first: undefined,
    last: undefined,
  });
  const heightBefore = useRef(0);

  // A new newest message while the reader is up in the history: offer the pill (decided in render, from the
  // position before the message arrived).
  if (lastKey !== seenLast) {
    setSeenLast(lastKey);
    if (seenLast !== undefined && lastKey !== undefined && !atBottom && !lastIsOwn) setPill(true);
  }

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const before = rendered.current;
    rendered.current = { first: firstKey, last: lastKey };
    if (lastKey !== undefined && before.last === undefined) {
      el.scrollTop = el.scrollHeight; // the conversation opens at its end
    } else {
      if (firstKey !== before.first && before.first !== undefined) {
        // Older messages above: move down by what they added, so the view does not jump.
        el.scrollTop += el.scrollHeight - heightBefore.current;
      }
      if (lastKey !== before.last && lastKey !== undefined && (atBottom || lastIsOwn)) {
        el.scrollTop = el.scrollHeight;
      }
    }
    heightBefore.current = el.scrollHeight;
  }, [firstKey, lastKey, lastIsOwn, atBottom]);

  // A first page too short to scroll cannot be scrolled to the top: load on until it fills the view.
  useEffect(() => {
    const el = listRef.current;
    if (el && canLoadOlder && el.clientHeight > 0 && el.scrollHeight <= el.clientHeight) loadOlder();
  }, [canLoadOlder, loadOlder, firstKey]);

  // The view shrinking (the on-screen keyboard opening) keeps a reader at the bottom there.
  useEffect(() => {
    const el = listRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottomRef.current) el.scrollTop = el.scrollHeight;
      heightBefore.current = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    heightBefore.current = el.scrollHeight;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX;
    atBottomRef.current = bottom;
    setAtBottom(bottom);
    if (bottom) setPill(false);
    if (el.scrollTop <= TOP_TRIGGER_PX && canLoadOlder) loadOlder();
  }, [canLoadOlder, loadOlder]);

  const jumpToBottom = useCallback(() => {
    const el = listRef.current;
    if (el && typeof el.scrollTo === 'function') el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    else if (el) el.scrollTop = el.scrollHeight;
    setPill(false);
  }, []);

  return { listRef, onScroll, pill, jumpToBottom };
}
