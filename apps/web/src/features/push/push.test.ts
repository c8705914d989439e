import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, failure, success } from '@/test/api';
import { mockConfig } from '@/mocks/system';
import { base64UrlToBytes, disablePush, enablePush, type PushEnvironment } from './push';

// A real P-256 point's length (65 bytes) in base64url, as the server's VAPID key is.
const SERVER_KEY = 'BOr' + 'A'.repeat(84);
const OTHER_KEY = 'BPq' + 'B'.repeat(84);
const ENDPOINT = 'https://push.example.com/send/abc?x=1';

class FakeSubscription {
  unsubscribed = false;
  constructor(
    readonly endpoint: string,
    readonly key: string,
  ) {}
  get options() {
    return { applicationServerKey: base64UrlToBytes(this.key).buffer, userVisibleOnly: true };
  }
  toJSON() {
    return { endpoint: this.endpoint, keys: { auth: 'a'.repeat(22), p256dh: 'B'.repeat(87) } };
  }
  unsubscribe() {
    this.unsubscribed = true;
    return Promise.resolve(true);
  }
}

function fakeEnvironment(opts: { existing?: FakeSubscription; permission?: NotificationPermission } = {}) {
  let current: FakeSubscription | null = opts.existing ?? null;
  const subscribe = vi.fn((options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
    current = new FakeSubscription(ENDPOINT, btoa(String.fromCharCode(...options.applicationServerKey)));
    return Promise.resolve(current);
  });
  const pushManager = { getSubscription: () => Promise.resolve(current), subscribe };
  const registration = { pushManager };
  const register = vi.fn(() => Promise.resolve(registration));
  const env: PushEnvironment = {
    serviceWorker: {
      register,
      ready: Promise.resolve(registration),
      getRegistration: () => Promise.resolve(registration),
    } as unknown as ServiceWorkerContainer,
    hasPushManager: true,
    permission: () => opts.permission ?? 'granted',
  };
  return { env, register, subscribe, current: () => current };
}

const config = (vapidPublicKey: string | null) => success({ ...mockConfig, vapidPublicKey });
const stored = { id: 7, userId: 3, endpoint: ENDPOINT, auth: 'a'.repeat(22), p256dh: 'B'.repeat(87) };

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('enablePush', () => {
  it('registers the worker at scope /, subscribes with the server key (user-visible only) and stores it', async () => {
    answer('get', '/config', config(SERVER_KEY));
    const posted = answer('post', '/subscriptions', success(stored), { status: 201 });
    const fake = fakeEnvironment();
    await expect(enablePush(3, { prompt: true }, fake.env)).resolves.toBe('subscribed');
    expect(fake.register).toHaveBeenCalledWith('/service-worker.js', { scope: '/' });
    const options = fake.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...base64UrlToBytes(SERVER_KEY)]);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({
      userId: 3,
      endpoint: ENDPOINT,
      auth: stored.auth,
      p256dh: stored.p256dh,
    });
    expect(posted[0]!.authorization).toBeNull(); // no token stored in this test: the client sends none
  });

  it('reuses an existing subscription made with the same key', async () => {
    answer('get', '/config', config(SERVER_KEY));
    const posted = answer('post', '/subscriptions', success(stored), { status: 201 });
    const existing = new FakeSubscription(ENDPOINT, SERVER_KEY);
    const fake = fakeEnvironment({ existing, permission: 'default' });
    await expect(enablePush(3, { prompt: false }, fake.env)).resolves.toBe('subscribed');
    expect(fake.subscribe).not.toHaveBeenCalled();
    expect(existing.unsubscribed).toBe(false);
    expect(posted).toHaveLength(1);
  });

  it('replaces a subscription made for another server key', async () => {
    answer('get', '/config', config(SERVER_KEY));
    answer('post', '/subscriptions', success(stored), { status: 201 });
    const existing = new FakeSubscription(ENDPOINT, OTHER_KEY);
    const fake = fakeEnvironment({ existing });
    await expect(enablePush(3, { prompt: true }, fake.env)).resolves.toBe('subscribed');
    expect(existing.unsubscribed).toBe(true);
    expect(fake.subscribe).toHaveBeenCalledTimes(1);
  });

  it('does not ask for permission on a restored session, nor when permission was refused', async () => {
    answer('get', '/config', config(SERVER_KEY));
    const posted = answer('post', '/subscriptions', success(stored), { status: 201 });
    const notAsked = fakeEnvironment({ permission: 'default' });
    await expect(enablePush(3, { prompt: false }, notAsked.env)).resolves.toBe('no-permission');
    const refused = fakeEnvironment({ permission: 'denied' });
    await expect(enablePush(3, { prompt: true }, refused.env)).resolves.toBe('no-permission');
    expect(notAsked.subscribe).not.toHaveBeenCalled();
    expect(refused.subscribe).not.toHaveBeenCalled();
    expect(posted).toHaveLength(0);
  });

  it('skips quietly without a server key, without push support, or for the signed-out user -1', async () => {
    answer('get', '/config', config(null));
    const fake = fakeEnvironment();
    await expect(enablePush(3, { prompt: true }, fake.env)).resolves.toBe('no-key');
    await expect(enablePush(3, { prompt: true }, { ...fake.env, serviceWorker: undefined })).resolves.toBe(
      'unsupported',
    );
    await expect(enablePush(3, { prompt: true }, { ...fake.env, hasPushManager: false })).resolves.toBe(
      'unsupported',
    );
    await expect(enablePush(-1, { prompt: true }, fake.env)).resolves.toBe('unsupported');
    expect(fake.subscribe).not.toHaveBeenCalled();
  });

  it('reports a failing push service or server as failed instead of throwing', async () => {
    answer('get', '/config', config(SERVER_KEY));
    answer('post', '/subscriptions', failure('VALIDATION', 'endpoint must be a URL'), { status: 400 });
    const fake = fakeEnvironment();
    await expect(enablePush(3, { prompt: true }, fake.env)).resolves.toBe('failed');
    const other = fakeEnvironment();
    other.subscribe.mockRejectedValueOnce(new DOMException('push service error', 'AbortError'));
    await expect(enablePush(3, { prompt: true }, other.env)).resolves.toBe('failed');
  });
});

describe('disablePush', () => {
  it('deletes the server copy found by the encoded endpoint, then unsubscribes the browser', async () => {
    const looked = answer('get', `/subscriptions/endpoint/${encodeURIComponent(ENDPOINT)}`, success(stored));
    const deleted = answer('delete', '/subscriptions/7', success(null));
    const existing = new FakeSubscription(ENDPOINT, SERVER_KEY);
    await disablePush(fakeEnvironment({ existing }).env);
    expect(looked).toHaveLength(1);
    expect(deleted).toHaveLength(1);
    expect(existing.unsubscribed).toBe(true);
  });

  it('still unsubscribes the browser when the server has no copy or cannot be reached', async () => {
    answer(
      'get',
      `/subscriptions/endpoint/${encodeURIComponent(ENDPOINT)}`,
      failure('NOT_FOUND', 'Not found.'),
      {
        status: 404,
      },
    );
    const gone = new FakeSubscription(ENDPOINT, SERVER_KEY);
    await disablePush(fakeEnvironment({ existing: gone }).env);
    expect(gone.unsubscribed).toBe(true);

    answer('get', `/subscriptions/endpoint/${encodeURIComponent(ENDPOINT)}`, failure('INTERNAL', 'Boom'), {
      status: 500,
    });
    const broken = new FakeSubscription(ENDPOINT, SERVER_KEY);
    await disablePush(fakeEnvironment({ existing: broken }).env);
    expect(broken.unsubscribed).toBe(true);
  });

  it('does nothing without a subscription', async () => {
    await expect(disablePush(fakeEnvironment().env)).resolves.toBeUndefined();
  });
});
