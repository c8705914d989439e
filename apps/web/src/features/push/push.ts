// Web Push for the signed-in user (docs/product.md#push, docs/api/README.md#push): register the service worker, reuse
// the browser's push subscription or create one with the server's public key, and keep the server's copy in step.
// Every step is best effort: a browser without push, a refused permission or a failing push service leaves the app
// working as before, with a warning in the console.
import { pushEndpoints } from '@outing/contract';
import { ApiError } from '@/lib/api-error';
import { api } from '@/lib/api-client';
import { getConfig } from '@/features/system/api/get-config';

export const SERVICE_WORKER_URL = '/service-worker.js';

export type PushOutcome = 'subscribed' | 'unsupported' | 'no-key' | 'no-permission' | 'failed';

/** The environment, injectable for tests. */
export interface PushEnvironment {
  serviceWorker: ServiceWorkerContainer | undefined;
  hasPushManager: boolean;
  permission: () => NotificationPermission | 'unsupported';
}

/** Production builds only: in development the worker is not built, and mock mode has msw's worker at scope `/`. */
export function browserPushEnvironment(): PushEnvironment {
  const enabled = import.meta.env.PROD && import.meta.env.MODE !== 'mock';
  return {
    serviceWorker: enabled && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    hasPushManager: typeof window !== 'undefined' && 'PushManager' in window,
    permission: () => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission),
  };
}

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` wants. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((byte, i) => byte === b[i]);
}

/** Registers the worker (scope `/`); null where the browser has none or registration fails. */
export async function registerServiceWorker(
  env: PushEnvironment = browserPushEnvironment(),
): Promise<ServiceWorkerRegistration | null> {
  if (!env.serviceWorker) return null;
  try {
    return await env.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch (error) {
    console.warn('Could not register the service worker', error);
    return null;
  }
}

/**
 * After sign-in: subscribe this browser and store the subscription for `userId`. `prompt` allows asking for the
 * notification permission; a restored session passes false, so a page load never asks on its own.
 */
export async function enablePush(
  userId: number,
  { prompt }: { prompt: boolean },
  env: PushEnvironment = browserPushEnvironment(),
): Promise<PushOutcome> {
  if (userId === -1) return 'unsupported';
  const registration = await registerServiceWorker(env);
  if (!registration || !env.hasPushManager || env.permission() === 'unsupported') return 'unsupported';
  try {
    const { vapidPublicKey } = await getConfig();
    if (!vapidPublicKey) return 'no-key';
    const key = base64UrlToBytes(vapidPublicKey);
    const ready = await env.serviceWorker!.ready;
    let subscription = await ready.pushManager.getSubscription();
    // A subscription made for another server key cannot receive this server's pushes.
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    if (!subscription) {
      const permission = env.permission();
      if (permission === 'denied' || (permission === 'default' && !prompt)) return 'no-permission';
      subscription = await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    }
    const { endpoint, keys } = subscription.toJSON();
    if (!endpoint || !keys?.auth || !keys.p256dh) throw new Error('the subscription has no keys');
    await api.call(pushEndpoints.subscribe, {
      body: { userId, endpoint, auth: keys.auth, p256dh: keys.p256dh },
    });
    return 'subscribed';
  } catch (error) {
    console.warn('Push notifications are not available', error);
    return 'failed';
  }
}

/**
 * On logout (while the token is still valid): delete the server's copy, then unsubscribe the browser. The browser
 * is unsubscribed even when the server cannot be told, so the next person on this device gets no pushes of the
 * last; the server drops its copy at the first push the push service refuses.
 */
export async function disablePush(env: PushEnvironment = browserPushEnvironment()): Promise<void> {
  if (!env.serviceWorker || !env.hasPushManager) return;
  try {
    const registration = await env.serviceWorker.getRegistration('/');
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    try {
      const stored = await api.call(pushEndpoints.byEndpoint, {
        params: { endpoint: subscription.endpoint },
      });
      await api.call(pushEndpoints.remove, { params: { id: stored.id } });
    } catch (error) {
      // 404: the server no longer has it (removed after a 410, or stored by another account).
      if (!(error instanceof ApiError && error.status === 404))
        console.warn('Could not remove the push subscription from the server', error);
    }
    await subscription.unsubscribe();
  } catch (error) {
    console.warn('Could not remove the push subscription', error);
  }
}
