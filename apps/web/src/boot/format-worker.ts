// The format warm-up, off the page's main thread (decision 017). The engine's first date, number and plural formats
// load its locale data: 40–100 ms of main thread on a phone, paid by the first screen's first render after it has
// painted (web-profile bench, issue #21). That data is kept per process, not per thread: made here, in a worker the
// boot script starts while the entry downloads, the page's own first formats cost it about a millisecond.
// Built on its own as a classic script whose text the boot script carries (build/boot.ts) and starts from a blob;
// the boot script posts the interface's language, and the worker says when it is done (its blob can go).
import { warmFormats } from './warm-formats';

addEventListener('message', (event: MessageEvent<unknown>) => {
  try {
    warmFormats(event.data === 'zh' ? 'zh' : 'en');
  } catch {
    // The app formats without it.
  } finally {
    postMessage('done');
    close();
  }
});
