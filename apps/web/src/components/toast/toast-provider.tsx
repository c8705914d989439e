import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi, type ToastOptions, type ToastVariant } from './toast-context';
import { ToastViewport, type ToastItem } from './toast-viewport';

/** Shown 3000 ms, then a 300 ms fade (docs/product.md#constants). */
export const TOAST_DURATION_MS = 3000;
export const TOAST_FADE_MS = 300;
/** A toast with a button (Undo) stays long enough to reach it. */
export const ACTION_TOAST_DURATION_MS = 8000;
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
    (variant: ToastVariant, message: string, options: ToastOptions = {}) => {
      const id = ++nextId.current;
      const remove = () => setToasts((current) => current.filter((t) => t.id !== id));
      const action = options.action && {
        label: options.action.label,
        onAction: () => {
          remove();
          options.action!.onAction();
        },
      };
      setToasts((current) => [
        ...current.slice(-(MAX_VISIBLE - 1)),
        { id, variant, message, leaving: false, action },
      ]);
      const duration = action ? ACTION_TOAST_DURATION_MS : TOAST_DURATION_MS;
      schedule(duration, () =>
        setToasts((current) => current.map((t) => (t.id === id ? { ...t, leaving: true } : t))),
      );
      schedule(duration + TOAST_FADE_MS, remove);
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
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('error', message, options),
      info: (message, options) => show('info', message, options),
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
