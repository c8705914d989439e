import { createContext } from 'react';
import type { User } from '@outing/contract';

/** `restoring` while a stored token is being checked at start (the claims schema loads on demand). */
export type SessionStatus = 'restoring' | 'authenticated' | 'anonymous';

/** Why the visitor is signed out: their own logout, or the session ended (expired, rejected by the server). */
export type SignOutReason = 'logout' | 'session-ended';

export interface AuthContextValue {
  status: SessionStatus;
  /** The signed-in user, or the empty user (id -1) when signed out. */
  user: User;
  token: string | null;
  isAuthenticated: boolean;
  /**
   * A guest's session (docs/guests.md): the one room the guest is in; null for an account and when signed out. A
   * guest sees that room only.
   */
  guestRoomId: string | null;
  /** True during the 0.5 s logout delay (show a spinner). */
  loggingOut: boolean;
  /** Set when a session ended in this page's lifetime; null otherwise and after login. */
  signOutReason: SignOutReason | null;
  /** Stores the token and sets the user from its claims; rejects with 'Invalid token format' for a bad token. */
  login: (token: string) => Promise<User>;
  /** Waits 0.5 s, then clears the token and the saved redirect path and resets to the empty user. */
  logout: () => Promise<void>;
  /**
   * This device's token after a password change (the server signed every other one out): stored, the user read
   * from it again, without asking for push permission.
   */
  replaceToken: (token: string) => Promise<User>;
  /**
   * The server has already ended the session (signed out everywhere, account deleted): forget it here at once, as
   * a logout does, without calling the server again.
   */
  endSignedOutSession: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
