import type { PushPayload } from '@outing/contract';
import type { TestApp } from './app.js';
import type { startPushEndpoint } from './push-endpoint.js';
import { subscribePush } from './reminders.js';
import type { TestUser } from './users.js';

/**
 * Subscribes `u` at the test push service; `received()` is what reached that browser, decrypted, once every push
 * under way has been sent (only their keys decrypt their messages).
 */
export async function pushInbox(
  t: TestApp,
  service: Awaited<ReturnType<typeof startPushEndpoint>>,
  u: TestUser,
) {
  const { keys } = await subscribePush(t, service, u);
  return {
    async received(): Promise<PushPayload[]> {
      await t.app.push!.drain();
      return service.received.flatMap((r) => {
        try {
          return [JSON.parse(keys.decrypt(r.body)) as PushPayload];
        } catch {
          return [];
        }
      });
    },
  };
}
