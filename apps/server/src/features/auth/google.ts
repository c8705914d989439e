import type * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/pool.js';
import { AppError, badRequest, notFound, unauthenticated } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { UserRow } from '../users/service.js';
import {
  insertGoogleUser,
  insertIdentity,
  linkedUser,
  lockUserByEmail,
  updateUser,
  usernamesStartingWith,
} from './queries.js';

export type GoogleProfile = {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
};

export type GoogleSignIn = {
  /** The provider's authorisation URL with client id, response type and scopes; the client adds redirect_uri and state. */
  authUrl(): Promise<string | null>;
  exchange(code: string, redirectUri: string): Promise<GoogleProfile>;
};

// openid-client (and jose) is loaded when Google sign-in is first used, not at every start-up.
let loaded: Promise<typeof oidc> | undefined;
const openidClient = () => (loaded ??= import('openid-client'));

const isLoopback = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);

/** Authorisation-code sign-in against the configured OpenID provider, or undefined when not configured. */
export function createGoogleSignIn(config: Config, log: FastifyBaseLogger): GoogleSignIn | undefined {
  const { clientId, clientSecret, issuer } = config.google;
  if (!clientId || !clientSecret) return undefined;
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () =>
    (discovered ??= openidClient()
      .then((client) =>
        client.discovery(new URL(issuer), clientId, clientSecret, undefined, {
          // A local provider (tests, development) speaks plain HTTP; a remote one must not.
          ...(isLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
          timeout: 10,
        }),
      )
      .catch((err: unknown) => {
        discovered = undefined;
        throw err;
      }));
  return {
    async authUrl() {
      try {
        const c = await configuration();
        const url = new URL(c.serverMetadata().authorization_endpoint!);
        url.searchParams.set('client_id', clientId);
        url.searchParams.set('response_type', 'code');
        url.searchParams.set('scope', 'openid email profile');
        return url.toString();
      } catch (err) {
        log.warn({ err: { message: (err as Error).message } }, 'OpenID provider discovery failed');
        return null;
      }
    },
    async exchange(code, redirectUri) {
      let c: oidc.Configuration;
      try {
        c = await configuration();
      } catch {
        throw new AppError(
          502,
          'BAD_GATEWAY',
          'Google sign-in is unavailable right now. Please try again later.',
          undefined,
          { reason: 'GOOGLE_UNAVAILABLE' },
        );
      }
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', code);
      try {
        const { authorizationCodeGrant } = await openidClient();
        const tokens = await authorizationCodeGrant(c, callback, { idTokenExpected: true });
        const claims = tokens.claims()!;
        return {
          issuer: claims.iss,
          subject: claims.sub,
          email: typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined,
          emailVerified: claims.email_verified === true,
          name: typeof claims.name === 'string' ? claims.name : undefined,
          picture: typeof claims.picture === 'string' ? claims.picture : undefined,
        };
      } catch (err) {
        log.info({ err: { message: (err as Error).message } }, 'authorisation code exchange failed');
        throw unauthenticated('Google sign-in failed. Please try again.', 'GOOGLE_SIGN_IN_FAILED');
      }
    },
  };
}

/** Only our own origins may receive the code. */
export function checkRedirectUri(config: Config, redirectUri: string | undefined): string {
  const uri = redirectUri ?? `${config.publicUrl}/auth/google/callback`;
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);
  if (!allowed.has(new URL(uri).origin))
    throw badRequest('redirectUri must be on this app’s own origin.', 'REDIRECT_URI_FOREIGN');
  return uri;
}

/** A username from the provider's name: letters, digits, `_` and `.`, 3–30 characters, made unique. */
export function usernameBase(name: string | undefined, email: string | undefined): string {
  const from = (name ?? email?.split('@')[0] ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '.')
    .replace(/[^A-Za-z0-9_.]/g, '')
    .replace(/\.{2,}/g, '.')
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 24);
  return from.length >= 3 ? from : `user${from}`.slice(0, 24).padEnd(3, '0');
}

/**
 * Finds the user of a provider identity; else links the account with the same email (the provider must have
 * verified it); else creates one. Linking an account whose email was never verified drops its password: whoever set it had not
 * proved they own the address.
 */
export async function userForGoogleProfile(db: Db, p: GoogleProfile): Promise<UserRow> {
  if (!p.email || !p.emailVerified) {
    throw unauthenticated(
      'Your Google account has no verified email address we can use.',
      'GOOGLE_EMAIL_UNVERIFIED',
    );
  }
  const email = p.email;
  const picture = p.picture?.startsWith('https://') ? p.picture : '';
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const linked = await linkedUser(tx, p.issuer, p.subject);
        if (linked) return linked;

        const byEmail = await lockUserByEmail(tx, email);
        if (byEmail) {
          const user = await updateUser(tx, byEmail.id, {
            isEmailValid: true,
            ...(byEmail.isEmailValid ? {} : { passwordHash: null }),
            ...(byEmail.pictureUrl ? {} : { pictureUrl: picture }),
          });
          await insertIdentity(tx, p.issuer, p.subject, byEmail.id);
          return user;
        }

        const base = usernameBase(p.name, email);
        const taken = new Set(await usernamesStartingWith(tx, base));
        let username = base;
        for (let n = 2; taken.has(username.toLowerCase()); n++) username = `${base}${n}`;
        const user = await insertGoogleUser(tx, { username, email, pictureUrl: picture });
        await insertIdentity(tx, p.issuer, p.subject, user.id);
        return user;
      });
    } catch (err) {
      // Two first sign-ins racing for one name or identity: the loser tries again and finds the winner's row.
      if (isUniqueViolation(err) && attempt < 3) continue;
      throw err;
    }
  }
}

export function requireGoogle(google: GoogleSignIn | undefined): GoogleSignIn {
  if (!google) throw notFound('Google sign-in is not configured on this server.', 'GOOGLE_NOT_CONFIGURED');
  return google;
}
