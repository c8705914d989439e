/**
 * Runs `task` once the page has loaded and the main thread is idle (at the latest `timeoutMs` after the load
 * event): work a page load does not need — the service worker's registration and its precache downloads, the push
 * subscription check — then stays off the critical path (Lighthouse TBT and LCP, docs/performance.md).
 */
export function afterLoad(task: () => void, timeoutMs = 2000): void {
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: timeoutMs });
    else setTimeout(task, 1);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
