import { createContext } from 'react';

/** Done, failed, or neither: news that is not a success ("you're on the waitlist"). */
export type ToastVariant = 'success' | 'error' | 'info';

/** A button in the toast, e.g. Undo after a delete: pressing it runs `onAction` and closes the toast. */
export interface ToastAction {
  label: string;
  onAction: () => void;
}

export interface ToastOptions {
  action?: ToastAction;
}

export interface ToastApi {
  success: (message: string, options?: ToastOptions) => void;
  error: (message: string, options?: ToastOptions) => void;
  info: (message: string, options?: ToastOptions) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);
