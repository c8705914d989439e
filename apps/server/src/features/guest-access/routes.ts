import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guestEndpoints as guests, GUEST_LIMITS } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { byIp } from '../../lib/rate-limit.js';
import { route } from '../../lib/route.js';
import { PREVIEWS_PER_MINUTE } from '../preview/routes.js';
import { createDeviceLink, getDeviceLink, resumeGuest, revokeDeviceLink } from './device-link.js';
import { hourlyLimit } from './limits.js';
import { removeGuest } from './remove.js';
import {
  createGuestLink,
  getGuestLink,
  guestPreview,
  joinAsGuest,
  revokeGuestLink,
  type GuestContext,
} from './service.js';

/** A guest's token lives 90 days (docs/api/README.md#guests): a guest never signs in again. */
export const GUEST_TOKEN_LIFETIME_SECONDS = 90 * 24 * 60 * 60;

/** Guests: docs/api/README.md#guests; declared in packages/contract/src/endpoints/guests.ts. */
export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, events, jwtSecret } = app.deps;
  const ctx: GuestContext = { db, events, secret: jwtSecret, publicUrl: config.publicUrl };
  const noStore = (reply: { header(k: string, v: string): unknown }) =>
    reply.header('cache-control', 'no-store');

  route(app, guests.link, async (req, reply) => {
    noStore(reply);
    return ok(await getGuestLink(ctx, req.user, req.params.id));
  });
  route(app, guests.createLink, async (req, reply) => {
    noStore(reply);
    return ok(await createGuestLink(ctx, req.user, req.params.id), 'Guest link on');
  });
  route(
    app,
    guests.revokeLink,
    async (req) => (await revokeGuestLink(ctx, req.user, req.params.id), ok(null, 'Guest link off')),
  );

  route(app, guests.remove, async (req) => {
    await removeGuest(ctx, req.user, req.params.id, req.params.userId);
    return ok(null, 'Guest removed');
  });

  // The secret is the key: no token. The preview shares the room preview's per-address limit.
  route(app, guests.preview, async (req) => ok(await guestPreview(ctx, req.params.secret)), {
    onRequest: app.limiter('preview', PREVIEWS_PER_MINUTE, byIp),
  });
  route(
    app,
    guests.join,
    async (req, reply) => {
      noStore(reply);
      const { user, room } = await joinAsGuest(ctx, req.params.secret, req.body.name);
      const { guest, token } = await signGuest(user, room.id);
      return { ...ok({ user: guest, room }, 'Joined as a guest'), token };
    },
    {
      preHandler: hourlyLimit(app, 'guest-join-ip', GUEST_LIMITS.joinsPerAddressPerHour, byIp),
    },
  );

  // The guest's personal link: a guest's own (an account is 403 NOT_GUEST); the url holds the secret, never cached.
  route(app, guests.deviceLink, async (req, reply) => {
    noStore(reply);
    return ok(await getDeviceLink(ctx, req.user));
  });
  route(app, guests.createDeviceLink, async (req, reply) => {
    noStore(reply);
    return ok(await createDeviceLink(ctx, req.user), 'Personal link on');
  });
  route(
    app,
    guests.revokeDeviceLink,
    async (req) => (await revokeDeviceLink(ctx, req.user), ok(null, 'Personal link off')),
  );
  // The secret is the key, in the body (so in no request log): no token. Ten resumes per address per hour.
  route(
    app,
    guests.resume,
    async (req, reply) => {
      noStore(reply);
      const { user, room, roomId } = await resumeGuest(ctx, req.body.secret);
      const { guest, token } = await signGuest(user, roomId);
      return { ...ok({ user: guest, room }, 'Signed in as the guest'), token };
    },
    {
      preHandler: hourlyLimit(app, 'guest-resume-ip', GUEST_LIMITS.resumesPerAddressPerHour, byIp),
    },
  );

  /** A guest user as answered, and its 90-day token naming its room (the `guest_room_id` claim). */
  async function signGuest(user: { id: number; username: string }, roomId: string) {
    const guest = { ...user, displayName: '', email: '', pictureUrl: '' };
    const token = await app.tokens.sign(
      { ...guest, guestRoomId: roomId },
      { lifetimeSeconds: GUEST_TOKEN_LIFETIME_SECONDS },
    );
    return { guest: { ...guest, isGuest: true as const }, token };
  }
};
