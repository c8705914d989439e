import { Readable } from 'node:stream';
import type { AccountExport } from '@outing/contract';
import { currentInviteLink, type InviteContext } from '../auth/service.js';
import { getPreferences } from '../notifications/service.js';
import { liveUser } from './proof.js';
import {
  exportLists,
  EXPORT_PAGE,
  selectCalendarFeed,
  selectSignInProviders,
  type Key,
  type Page,
} from './queries-export.js';

export { amountInSql, EXPORT_PAGE } from './queries-export.js';

/*
 * `GET /users/{id}/export` (issue #21): everything the user owns or is part of, as one JSON file written while it is
 * read. Each list is read a page at a time (keyset on its id) and written out before the next is asked for, so a
 * heavy user's years of messages and bills never sit in memory at once. Other people appear by id and username only;
 * emails only of friends (as the app shows them), and no one's secrets: the user's own payment handles and push
 * endpoints are theirs, the keys of a push subscription and every hash are not data but credentials, left out.
 */

/** The items of one list, a page of JSON text at a time. */
async function* pages<K extends Key>(page: Page<K>): AsyncGenerator<string> {
  let key: K | undefined;
  for (;;) {
    const batch = await page(key);
    if (batch.length > 0) yield batch.map((b) => JSON.stringify(b.item)).join(',');
    if (batch.length < EXPORT_PAGE) return;
    key = batch.at(-1)!.key;
  }
}

/** The file's name and its text as a stream; the profile is read first, so a refusal comes before any byte. */
export async function exportAccount(
  ctx: InviteContext,
  userId: number,
): Promise<{ filename: string; body: Readable }> {
  const user = await liveUser(ctx.db, userId);
  const providers = await selectSignInProviders(ctx.db, userId);
  const exportedAt = new Date().toISOString();
  const head = {
    format: 'outing-account-export',
    version: 1,
    exportedAt,
    profile: {
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      email: user.email,
      pictureUrl: user.pictureUrl,
      isEmailValid: user.isEmailValid,
      registeredAt: user.registeredAt.toISOString(),
      lastSeen: user.lastSeen ? user.lastSeen.toISOString() : null,
      hasPassword: user.passwordHash !== null,
      signInProviders: providers.map((p) => p.issuer),
    },
    preferences: await getPreferences(ctx.db, userId),
  } satisfies Partial<AccountExport>;

  async function* write(): AsyncGenerator<string> {
    const open = JSON.stringify(head);
    yield open.slice(0, -1); // the object stays open for the lists
    for (const [name, page] of exportLists(ctx.db, userId)) {
      yield `,${JSON.stringify(name)}:[`;
      let first = true;
      for await (const chunk of pages(page)) {
        yield first ? chunk : `,${chunk}`;
        first = false;
      }
      yield ']';
    }
    const feed = await selectCalendarFeed(ctx.db, userId);
    const calendarFeed = { active: feed !== undefined, createdAt: feed?.created_at ?? null };
    const inviteLink = await currentInviteLink(ctx, userId);
    yield `,"calendarFeed":${JSON.stringify(calendarFeed)},"inviteLink":${JSON.stringify(inviteLink)}}`;
  }

  const day = exportedAt.slice(0, 10);
  return { filename: `outing-${user.username}-${day}.json`, body: Readable.from(write()) };
}
