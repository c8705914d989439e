import type { Runner } from '../../db/rows.js';
import type { NewNotification } from './kinds.js';
import { selectDisplayName, selectDisplayNamed } from './queries-actors.js';

/**
 * Texts a person wrote themself (a payee's payment reminder): stored as written, never reworded; the line the
 * server adds to one names the payee with `nameOf` itself.
 */
const OWN_WORDS: ReadonlySet<NewNotification['kind']> = new Set(['payment_reminder']);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The username's first appearance as a whole word in a text ("alice_tan is going", "from alice_tan."), not inside a
 * longer handle ("alice_tan2", "alice_tan.ng"). Only the first: every text names the person before the room, and a
 * room called "alice_tan's party" keeps its name.
 */
const wholeWord = (username: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}_.])${escape(username)}(?![\\p{L}\\p{N}_]|\\.[\\p{L}\\p{N}_])`, 'u');

/**
 * Notifications name the person they come from by their display name where one is set (docs/api/README.md#users-and-friends,
 * "apps show the display name where one is set"): `params.displayName` beside `params.username` for the apps, and
 * the stored and pushed texts written with it. Only where `params.username` is the actor's own username; the name
 * is the one at the time, as the username is.
 */
export async function withActorNames(tx: Runner, items: NewNotification[]): Promise<NewNotification[]> {
  const ids = [...new Set(items.flatMap((i) => (i.actorId && i.params?.username ? [i.actorId] : [])))];
  if (ids.length === 0) return items;
  const rows = await selectDisplayNamed(tx, ids);
  if (rows.length === 0) return items;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return items.map((item) => {
    const actor = item.actorId ? byId.get(item.actorId) : undefined;
    if (!actor || item.params?.username !== actor.username) return item;
    const params = { ...item.params, displayName: actor.display_name };
    if (OWN_WORDS.has(item.kind)) return { ...item, params };
    // A function, so that a `$` in the name is written as it is.
    const rename = (text: string) => text.replace(wholeWord(actor.username), () => actor.display_name);
    return { ...item, title: rename(item.title), content: rename(item.content), params };
  });
}

/** How a notification's text names this user: their display name where set, else their username. */
export async function nameOf(tx: Runner, user: { id: number; username: string }): Promise<string> {
  return (await selectDisplayName(tx, user.id)) || user.username;
}
