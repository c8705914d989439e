import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi, type ToastVariant } from './toast-context';
import { ToastViewport, type ToastItem } from './toast-viewport';

/** Product-spec §9: shown 3000 ms, then a 300 ms fade. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_FADE_MS = 300;
const MAX_VISIBLE = 3;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const schedule = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);

  const show = useCallback(
    (variant: ToastVariant, message: string) => {
      const id = ++nextId.current;
      setToasts((current) => [
        ...current.slice(-(MAX_VISIBLE - 1)),
        { id, variant, message, leaving: false },
      ]);
      schedule(TOAST_DURATION_MS, () =>
        setToasts((current) => current.map((t) => (t.id === id ? { ...t, leaving: true } : t))),
      );
      schedule(TOAST_DURATION_MS + TOAST_FADE_MS, () =>
        setToasts((current) => current.filter((t) => t.id !== id)),
      );
    },
    [schedule],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => show('success', message),
      error: (message) => show('error', message),
    }),
    [show],
  );

  return (
    <ToastContext value={api}>
      {children}
      <ToastViewport toasts={toasts} />
    </ToastContext>
  );
}
