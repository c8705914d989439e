import { readItem, removeItem, writeItem } from '@/lib/storage';

// The chat outbox (issue #21): messages written but not yet stored by the server, one list per user in
// localStorage, so they survive a reload. Each keeps the `clientId` it was first sent with: every retry sends the same
// one, and the server stores the message once (docs/notifications.md §Exactly-once messages). Zod-free and small:
// the start-up bundle reads it to know whether anything waits.

export interface OutboxEntry {
  /** Sent with every try of this message. */
  clientId: string;
  /** Lower case. */
  roomId: string;
  content: string;
  /** The newest message id on screen when it was written: the stored message is newer. */
  after: number;
  sentAt: string;
  /** 'sending': waits for the server; 'failed': the server refused a retry, the user retries or deletes it. */
  state: 'sending' | 'failed';
}

const PREFIX = 'outing.outbox.';
const keyOf = (userId: number) => `${PREFIX}${userId}`;

type Listener = () => void;
const listeners = new Set<Listener>();
/** The last parse of each key, so a snapshot stays the same object while the stored text is the same. */
const cache = new Map<string, { raw: string | null; entries: readonly OutboxEntry[] }>();
const EMPTY: readonly OutboxEntry[] = [];

function isEntry(value: unknown): value is OutboxEntry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.clientId === 'string' &&
    typeof e.roomId === 'string' &&
    typeof e.content === 'string' &&
    typeof e.after === 'number' &&
    typeof e.sentAt === 'string' &&
    (e.state === 'sending' || e.state === 'failed')
  );
}

function emit() {
  for (const listener of [...listeners]) listener();
}

/** The user's waiting messages, oldest first. */
export function readOutbox(userId: number): readonly OutboxEntry[] {
  const key = keyOf(userId);
  const raw = readItem('local', key);
  const cached = cache.get(key);
  if (cached && cached.raw === raw) return cached.entries;
  let entries: readonly OutboxEntry[] = EMPTY;
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    if (Array.isArray(parsed)) {
      const valid = parsed.filter(isEntry);
      if (valid.length > 0) entries = valid;
    }
  } catch {
    // A damaged list is dropped.
  }
  cache.set(key, { raw, entries });
  return entries;
}

function write(userId: number, entries: readonly OutboxEntry[]) {
  const key = keyOf(userId);
  if (entries.length === 0) removeItem('local', key);
  else writeItem('local', key, JSON.stringify(entries));
  emit();
}

export function addToOutbox(userId: number, entry: OutboxEntry): void {
  write(userId, [...readOutbox(userId), entry]);
}

export function updateOutboxEntry(userId: number, clientId: string, patch: Partial<OutboxEntry>): void {
  const entries = readOutbox(userId);
  if (!entries.some((e) => e.clientId === clientId)) return;
  write(
    userId,
    entries.map((e) => (e.clientId === clientId ? { ...e, ...patch } : e)),
  );
}

export function removeFromOutbox(userId: number, clientId: string): void {
  const entries = readOutbox(userId);
  if (!entries.some((e) => e.clientId === clientId)) return;
  write(
    userId,
    entries.filter((e) => e.clientId !== clientId),
  );
}

/** Logout and a switch of user: nobody's unsent messages stay on the device for the next person. */
export function clearOutboxes(exceptUserId?: number): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX) && key !== (exceptUserId === undefined ? null : keyOf(exceptUserId)))
        keys.push(key);
    }
    keys.forEach((key) => removeItem('local', key));
  } catch {
    // No storage: nothing was kept.
  }
  for (const key of [...cache.keys()])
    if (exceptUserId === undefined || key !== keyOf(exceptUserId)) cache.delete(key);
  emit();
}

export function subscribeOutbox(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** Another tab changed a list. */
function onStorage(event: StorageEvent) {
  if (event.key === null || event.key.startsWith(PREFIX)) emit();
}

/** A fresh id for a message (8–64 of letters, digits, `-`, `_`). */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
