import type { Room } from '@outing/contract';
import type { TestApp } from '../test/app.js';
import type { TestUser } from '../test/users.js';

// The shape of the authorisation matrix's world, apart from the code that builds it (authz-fixtures.ts `buildWorld`,
// authz-matrix-account.ts and authz-matrix-calendar.ts for their parts): the matrix rows read it, the builders
// write it, and this module imports neither.

/**
 * The one world the authorisation matrix runs against. Rows whose allowed calls change membership or state (join,
 * answer, close, leave, consolidate, settle, delete) get a room or resource of their own, so that running the
 * matrix in order never changes what a later row sees.
 */
export type World = {
  t: TestApp;
  users: {
    host: TestUser;
    member: TestUser;
    invitee: TestUser;
    stranger: TestUser;
    payer: TestUser;
    payee: TestUser;
    /** the `self` / `other` caller of user-scoped routes: a signed-in user with no relation to anything */
    loner: TestUser;
    /** receives the friend requests the matrix sends */
    target: TestUser;
    /** a friend of every caller, for removing a friend */
    buddy: TestUser;
    /** friends of the host / the member who are in no room yet, for inviting */
    palOfHost: TestUser;
    palOfMember: TestUser;
  };
  rooms: {
    /** private, host + member, invitee pending, bills, messages */ priv: Room;
    /** public, host + member */ pub: Room;
    join: Room;
    answer: Room;
    close: Room;
    leave: Room;
    consolidate: Room;
    /** private, host + member, invitee pending: answering changes who is in */ rsvp: Room;
  };
  bills: { ofHost: number; ofMember: number; ofMember2: number; toEdit: number };
  /** unpaid, payer → payee, each after a consolidation of its own room */
  transactions: {
    settle: number;
    remind: number;
    confirm: number;
    dispute: number;
    undo: number;
    pay: number;
  };
  /**
   * A room of the host where the payer owes the payee, made the oldest of the payer's debts to the payee (so that
   * settling with the payee pays here first): for recording payments (POST /transactions, POST /users/{id}/settle)
   * without changing any other row's transaction.
   */
  ledgerRoom: string;
  /** the payee's payment handles (personal data: only the payee and the payer of `transactions.pay` see them) */
  payeeMethods: { kind: string; value: string; name?: string }[];
  /** the payer's "Bills consolidated" notification */
  notification: number;
  /** stranger → member, pending */
  friendRequest: number;
  subscriptions: { find: { id: number; endpoint: string }; remove: { id: number; endpoint: string } };
  /** a browser's push keys, for new subscriptions */
  pushKeys: { auth: string; p256dh: string };
  /** bad bearer tokens, all for the host (the most privileged caller), so only the token makes the difference */
  badTokens: { malformed: string; expired: string; foreignSecret: string; algNone: string; revoked: string };
  /** text of private resources that no denied answer may contain */
  secrets: string[];
  /** date polls and calendar feeds */
  calendar: CalendarWorld;
  /** invite links */
  account: AccountWorld;
  /** guest links */
  guests: GuestWorld;
  /** the id of a cover picture the host uploaded */
  picture: string;
  /** a fresh valid token (logout in the matrix revokes earlier ones) */
  tokenOf(u: TestUser): Promise<string>;
  /** a value no earlier call used (usernames, emails, endpoints) */
  unique(): string;
};

/** What the account rows need beyond the shared world. */
export type AccountWorld = {
  /** invite codes of a user nobody else in the matrix is: their current one, a replaced one, one nobody had */
  invites: { live: string; replaced: string; unknown: string };
};

/** What the guest rows need beyond the shared world. */
export type GuestWorld = {
  /** a private room of the host (member in, invitee pending) whose link the link rows read, replace and revoke */
  linkRoom: string;
  /** guest secrets: of another room of the host (joined by the join row), a revoked one, one nobody had */
  secrets: { live: string; revoked: string; unknown: string };
  /** the secrets no denied answer may show */
  shown: string[];
  /**
   * A guest with no money in `linkRoom`, for the removal row: only the host's cell removes it, once, after every
   * denied cell (the matrix runs each cell once).
   */
  removable: number;
  /** the secret of the personal link of a guest of the join rows' room (docs/api/README.md#guests) */
  deviceSecret: string;
};

/** What the calendar and poll rows need beyond the shared world. */
export type CalendarWorld = {
  /** private rooms of the host, member in, invitee pending; each with an open poll of two options */
  polls: { vote: PollRoom; fix: PollRoom; cancel: PollRoom; start: { id: string } };
  /** a feed link of a user nobody else in the matrix is, a revoked one of theirs, and one nobody ever had */
  feeds: { live: string; revoked: string; unknown: string };
};
export type PollRoom = { id: string; options: number[] };
