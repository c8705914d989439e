/**
 * Resolves in a task of its own: what follows runs after the browser has had the main thread back (a paint, an
 * input, the rest of a commit's effects), instead of lengthening the task that asked. `scheduler.yield()` where the
 * browser has it (its continuation goes ahead of other queued tasks), a 0 ms timer elsewhere. A hidden page does
 * not wait: nobody is there to give the thread to, and a hidden page's timers are held back for up to a second.
 */
export function nextTask(): Promise<void> {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return Promise.resolve();
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
