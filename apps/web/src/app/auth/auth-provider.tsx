import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@outing/contract';
import { afterLoad } from '@/lib/after-load';
import { clearOfflineData, stopOfflineSync } from '../offline/offline-session';
import { forgetGuestSession } from '@/lib/guest-session';
import { clearRedirectPath } from '@/lib/redirect-path';
import { forgetOwnDisplayName } from '@/entities/me/own-display-name';
import { markReturningVisitor } from '@/lib/returning-visitor';
import { onSessionRejected } from '@/lib/session-events';
import {
  EMPTY_USER,
  TOKEN_STORAGE_KEY,
  clearStoredToken,
  getStoredToken,
  storeToken,
} from '@/lib/token-storage';
import {
  AuthContext,
  type AuthContextValue,
  type SessionStatus,
  type SignOutReason,
} from '@/hooks/auth-context';

/** Logout delay (docs/product.md#session, #constants). */
export const LOGOUT_DELAY_MS = 500;

/** How long logout waits for the server to revoke the session before it signs out locally anyway. */
export const LOGOUT_REVOKE_TIMEOUT_MS = 5000;

interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: User;
  guestRoomId: string | null;
  signOutReason: SignOutReason | null;
}

// The token module brings the contract's schemas (zod); visitors without a token never load it at start.
const loadTokenModule = () => import('@/lib/token');
// The call needs the API client (zod), which the start-up bundle does without.
const loadLogoutCall = () => import('@/features/auth/api/logout');
// Push needs the service worker and the API client: loaded once someone is signed in.
const loadPush = () => import('@/features/push/push');

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * POST /v1/auth/logout revokes every token of the user (docs/api/README.md#authentication). Best effort: a failure or a slow server
 * never keeps the user signed in.
 */
function revokeOnServer(): Promise<void> {
  const call = loadLogoutCall()
    .then(({ logoutOnServer }) => logoutOnServer())
    .catch((error: unknown) => console.warn('Could not revoke the session on the server', error));
  return Promise.race([call, wait(LOGOUT_REVOKE_TIMEOUT_MS)]);
}

/** Subscribes this browser to push for the user; never fails the sign-in. */
function enablePushQuietly(userId: number, prompt: boolean): void {
  loadPush()
    .then(({ enablePush }) => enablePush(userId, { prompt }))
    .catch((error: unknown) => console.warn('Could not set up push notifications', error));
}

/** Logout removes the push subscription first, while the token still lets the server delete it. */
function disablePushQuietly(): Promise<void> {
  const call = loadPush()
    .then(({ disablePush }) => disablePush())
    .catch((error: unknown) => console.warn('Could not remove the push subscription', error));
  return Promise.race([call, wait(LOGOUT_REVOKE_TIMEOUT_MS)]);
}

function signedOut(signOutReason: SignOutReason | null): SessionState {
  return { status: 'anonymous', token: null, user: EMPTY_USER, guestRoomId: null, signOutReason };
}

const RESTORING: SessionState = {
  status: 'restoring',
  token: null,
  user: EMPTY_USER,
  guestRoomId: null,
  signOutReason: null,
};

function initialSession(): SessionState {
  return getStoredToken() ? RESTORING : signedOut(null);
}

/** The session (docs/product.md#session): token in localStorage `accessToken`, user from its claims. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<SessionState>(initialSession);
  const [loggingOut, setLoggingOut] = useState(false);
  const pendingLogout = useRef<Promise<void> | null>(null);

  // Start-up check of a stored token: malformed → signed out ('Invalid token format' is logged), expired → logged
  // out, else the user comes from the claims.
  useEffect(() => {
    if (session.status !== 'restoring') return;
    let active = true;
    loadTokenModule().then(
      ({ restoreSession }) => {
        if (!active) return;
        const restored = restoreSession();
        // A page load never asks for the notification permission; it only renews a subscription already allowed,
        // once the page is up (registering the worker starts its precache downloads), if still signed in as then.
        if (restored.status === 'authenticated') markReturningVisitor();
        // A guest has no push (its token may not subscribe, docs/guests.md).
        if (restored.status === 'authenticated' && restored.guestRoomId === null)
          afterLoad(() => {
            if (getStoredToken() === restored.token) enablePushQuietly(restored.user.id, false);
          });
        // The screen behind the spinner renders as a transition: in slices that let the browser breathe.
        startTransition(() =>
          setSession(
            restored.status === 'authenticated'
              ? {
                  status: 'authenticated',
                  token: restored.token,
                  user: restored.user,
                  guestRoomId: restored.guestRoomId,
                  signOutReason: null,
                }
              : signedOut(restored.reason === 'expired' ? 'session-ended' : null),
          ),
        );
      },
      (error: unknown) => {
        console.error(error);
        if (active) setSession(signedOut(null));
      },
    );
    return () => {
      active = false;
    };
  }, [session.status]);

  const endSession = useCallback(
    (reason: SignOutReason) => {
      clearStoredToken();
      if (reason === 'logout') clearRedirectPath();
      forgetOwnDisplayName();
      // Cached answers belong to the previous user: nothing more is kept for offline use, and what was kept goes.
      stopOfflineSync();
      queryClient.clear();
      void clearOfflineData();
      setSession(signedOut(reason));
    },
    [queryClient],
  );

  const login = useCallback(async (token: string) => {
    const { decodeTokenClaims, userFromClaims, guestRoomOf } = await loadTokenModule();
    const claims = decodeTokenClaims(token);
    const user = userFromClaims(claims);
    const guestRoomId = guestRoomOf(claims);
    storeToken(token);
    markReturningVisitor();
    setSession({ status: 'authenticated', token, user, guestRoomId, signOutReason: null });
    if (guestRoomId === null) enablePushQuietly(user.id, true);
    return user;
  }, []);

  const replaceToken = useCallback(async (token: string) => {
    const { decodeTokenClaims, userFromClaims, guestRoomOf } = await loadTokenModule();
    const claims = decodeTokenClaims(token);
    const user = userFromClaims(claims);
    storeToken(token);
    setSession({
      status: 'authenticated',
      token,
      user,
      guestRoomId: guestRoomOf(claims),
      signOutReason: null,
    });
    return user;
  }, []);

  const endSignedOutSession = useCallback(() => endSession('logout'), [endSession]);

  // Revokes the tokens on the server (while the token is still stored, so the call carries it) during the 0.5 s
  // delay, then signs out locally.
  const logout = useCallback(() => {
    pendingLogout.current ??= (async () => {
      setLoggingOut(true);
      const revoked = getStoredToken() ? disablePushQuietly().then(revokeOnServer) : Promise.resolve();
      await Promise.all([wait(LOGOUT_DELAY_MS), revoked]);
      endSession('logout');
      setLoggingOut(false);
      pendingLogout.current = null;
    })();
    return pendingLogout.current;
  }, [endSession]);

  // The server rejected our token (expired, revoked): sign out at once, keeping the path to come back to.
  // During a logout the revoke call may hear that the token is already dead: the logout finishes the job. A guest's
  // token that died (the host removed the guest) is no session to resume from its link any more.
  const guestRoom = useRef<string | null>(null);
  useEffect(() => {
    guestRoom.current = session.guestRoomId;
  }, [session.guestRoomId]);
  useEffect(
    () =>
      onSessionRejected(() => {
        if (guestRoom.current) forgetGuestSession(guestRoom.current);
        if (!pendingLogout.current) endSession('session-ended');
      }),
    [endSession],
  );

  // Another tab logged in or out.
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
      const token = getStoredToken();
      setSession((current) => {
        if (!token) return current.status === 'anonymous' ? current : signedOut('logout');
        return token === current.token ? current : RESTORING;
      });
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: session.status,
      user: session.user,
      token: session.token,
      isAuthenticated: session.status === 'authenticated',
      guestRoomId: session.guestRoomId,
      loggingOut,
      signOutReason: session.signOutReason,
      login,
      logout,
      replaceToken,
      endSignedOutSession,
    }),
    [session, loggingOut, login, logout, replaceToken, endSignedOutSession],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
