import { useEffect, useState } from 'react';
import type { Transaction } from '@outing/contract';

/** The server allows an undo within 10 minutes of settling and before any confirmation (docs/api/README.md#settling). */
export const UNDO_WINDOW_MS = 10 * 60_000;

function undoUntil(transaction: Transaction): number | null {
  if (transaction.status !== 'paid' || transaction.paidOn === null) return null;
  return Date.parse(transaction.paidOn) + UNDO_WINDOW_MS;
}

/** True while the payer may still undo; turns false by itself when the window closes. */
export function useCanUndo(transaction: Transaction): boolean {
  const until = undoUntil(transaction);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const left = until - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(timer);
  }, [until]);
  return until !== null && now < until;
}
