import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Inviter, InviteLink } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { isoTimestamp } from '../../db/timestamps.js';
import { notFound } from '../../lib/errors.js';
import { deleteLink, insertLink, inviterByCodeHash, selectLink, type LinkRow } from './queries-invites.js';

/**
 * Personal invite links (issue #21): `/signup?invite=<code>`. The code is 96 bits of an HMAC of the server secret
 * over the user and a random salt, so the link can be shown again and again without being stored; the table keeps
 * the salt and the code's SHA-256, by which a sign-up finds the inviter. A new salt replaces the link.
 */
export type InviteContext = { db: Db; secret: string; publicUrl: string };

const CODE_LENGTH = 16; // base64url characters: 96 bits
/** What a code looks like; anything else names no link and is not worth a query. */
const codeShape = /^[A-Za-z0-9_-]{16}$/;

const codeOf = (secret: string, userId: number, salt: string) =>
  createHmac('sha256', secret).update(`invite:${userId}:${salt}`).digest('base64url').slice(0, CODE_LENGTH);
const hashCode = (code: string) => createHash('sha256').update(code).digest('base64url');
const newSalt = () => randomBytes(16).toString('base64url');

export const inviteUrl = (publicUrl: string, code: string) =>
  `${publicUrl}/signup?invite=${encodeURIComponent(code)}`;

function toLink(ctx: InviteContext, userId: number, row: LinkRow): InviteLink {
  return {
    url: inviteUrl(ctx.publicUrl, codeOf(ctx.secret, userId, row.salt)),
    createdAt: isoTimestamp(row.created_at),
  };
}

async function writeSalt(ctx: InviteContext, userId: number, replace: boolean): Promise<LinkRow> {
  const salt = newSalt();
  const written = await insertLink(ctx.db, userId, salt, hashCode(codeOf(ctx.secret, userId, salt)), replace);
  return written ?? (await readLink(ctx.db, userId))!;
}

async function readLink(db: Db, userId: number): Promise<LinkRow | undefined> {
  return selectLink(db, userId);
}

/** The user's link, made on first ask and the same afterwards until it is replaced or revoked. */
export async function getInviteLink(ctx: InviteContext, userId: number): Promise<InviteLink> {
  const row = (await readLink(ctx.db, userId)) ?? (await writeSalt(ctx, userId, false));
  return toLink(ctx, userId, row);
}

/** A new link; the earlier one stops working at once. */
export async function replaceInviteLink(ctx: InviteContext, userId: number): Promise<InviteLink> {
  return toLink(ctx, userId, await writeSalt(ctx, userId, true));
}

/** No link any more (idempotent): codes already shared are ignored from now on. */
export async function revokeInviteLink(db: Db, userId: number): Promise<void> {
  await deleteLink(db, userId);
}

/** The link of a user, if they have one (the export). */
export async function currentInviteLink(ctx: InviteContext, userId: number): Promise<InviteLink | null> {
  const row = await readLink(ctx.db, userId);
  return row ? toLink(ctx, userId, row) : null;
}

/** The live, verified account whose current link has this code, if any. */
export async function findInviter(
  db: Db,
  code: string,
): Promise<{ id: number; username: string; displayName: string; pictureUrl: string } | undefined> {
  if (!codeShape.test(code)) return undefined;
  const row = await inviterByCodeHash(db, hashCode(code));
  return (
    row && { id: row.id, username: row.username, displayName: row.display_name, pictureUrl: row.picture_url }
  );
}

/**
 * `GET /auth/invites/{code}` (no token): the inviter's username and picture for the sign-up screen ("Ann invited
 * you"), nothing else. An unknown, replaced or revoked code, or one of a deleted account, is one and the same 404.
 */
export async function inviterOf(db: Db, code: string): Promise<Inviter> {
  const inviter = await findInviter(db, code);
  if (!inviter)
    throw notFound('This invite link does not work any more. You can still sign up.', 'INVITE_LINK_INVALID');
  return { username: inviter.username, displayName: inviter.displayName, pictureUrl: inviter.pictureUrl };
}
