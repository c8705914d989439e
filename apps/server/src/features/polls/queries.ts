import { sql } from 'drizzle-orm';
import type { DateOption, DateVote } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { isoTimestamp } from '../../db/timestamps.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;

export type PollRoom = {
  id: string;
  name: string;
  hostId: number;
  isClosed: boolean;
  timeZone: string;
  isMember: boolean;
  /** `userId` holds a pending invite to the room (reads the poll before answering). */
  isInvitee: boolean;
};

type RoomRow = {
  id: string;
  name: string;
  host_id: number;
  is_closed: boolean;
  time_zone: string;
  is_member: boolean;
  is_invitee: boolean;
};

/**
 * The room with what a poll call checks, and whether `userId` is a member. `lock` takes the room row's lock for
 * the rest of the transaction: starting, fixing and cancelling a poll of a room are serialised with each other and
 * with every other membership change of the room (rooms lock the same row).
 */
export async function selectPollRoom(
  db: Runner,
  roomId: string,
  userId: number,
  lock = false,
): Promise<PollRoom | undefined> {
  const { rows } = await db.execute<RoomRow>(sql`
    SELECT r.id, r.name, r.host_id, r.is_closed, r.time_zone,
      EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = r.id AND m.user_id = ${userId}) AS is_member,
      EXISTS (SELECT 1 FROM invites i WHERE i.room_id = r.id AND i.user_id = ${userId} AND i.status = 'pending') AS is_invitee
    FROM rooms r WHERE r.id = ${roomId} ${lock ? sql`FOR UPDATE OF r` : sql``}`);
  const r = rows[0];
  return (
    r && {
      id: r.id,
      name: r.name,
      hostId: r.host_id,
      isClosed: r.is_closed,
      timeZone: r.time_zone,
      isMember: r.is_member,
      isInvitee: r.is_invitee,
    }
  );
}

/** Drops the room's options, and with them their votes (ON DELETE CASCADE): the poll is over. */
export async function deleteOptions(tx: Runner, roomId: string): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`DELETE FROM date_options WHERE room_id = ${roomId} RETURNING id`,
  );
  return rows.length;
}

export async function insertOptions(tx: Tx, roomId: string, options: { date: string; time: string }[]) {
  const values = sql.join(
    options.map((o) => sql`(${roomId}, ${o.date}::date, ${o.time})`),
    sql`, `,
  );
  await tx.execute(sql`INSERT INTO date_options (room_id, date, time) VALUES ${values}`);
}

/**
 * The option `optionId` of the room, with its key share lock held for the rest of the transaction: a poll replaced
 * or fixed at the same moment waits for the vote (or the vote finds no option and answers 404), never a foreign-key
 * error.
 */
export async function lockOption(tx: Tx, roomId: string, optionId: number) {
  const { rows } = await tx.execute<{ id: number; date: string; time: string }>(sql`
    SELECT id, to_char(date, 'YYYY-MM-DD') AS date, time FROM date_options
    WHERE id = ${optionId} AND room_id = ${roomId} FOR KEY SHARE`);
  return rows[0];
}

/** One vote per member and option; a second one replaces the first. */
export async function upsertVote(tx: Tx, optionId: number, userId: number, vote: DateVote) {
  await tx.execute(sql`
    INSERT INTO date_votes (option_id, user_id, vote) VALUES (${optionId}, ${userId}, ${vote})
    ON CONFLICT (option_id, user_id) DO UPDATE SET vote = EXCLUDED.vote, voted_at = now()`);
}

type OptionRow = {
  id: number;
  date: string;
  time: string;
  starts_at: string;
  votes: { userId: number; vote: DateVote; answer: DateVote }[];
};

/**
 * The room's open poll in date order, each option with its start instant in the room's zone and the votes of those
 * still members (a member who left no longer counts), each `{userId, vote, answer}` (the same value twice: `answer`
 * is issue 37's name). The counts are taken from the same rows as the list, so they always agree with it. One
 * statement whatever the number of options and voters (the votes are aggregated in it, not read per option).
 */
export async function selectOptions(db: Runner, roomId: string, viewerId: number): Promise<DateOption[]> {
  const { rows } = await db.execute<OptionRow>(sql`
    SELECT o.id, to_char(o.date, 'YYYY-MM-DD') AS date, o.time,
      (o.date + o.time::time) AT TIME ZONE r.time_zone AS starts_at,
      COALESCE(
        (SELECT json_agg(json_build_object('userId', v.user_id, 'vote', v.vote, 'answer', v.vote) ORDER BY v.voted_at, v.user_id)
         FROM date_votes v
         JOIN room_members m ON m.room_id = o.room_id AND m.user_id = v.user_id
         WHERE v.option_id = o.id),
        '[]'::json) AS votes
    FROM date_options o JOIN rooms r ON r.id = o.room_id
    WHERE o.room_id = ${roomId}
    ORDER BY o.date, o.time, o.id`);
  return rows.map((o) => {
    const count = (vote: DateVote) => o.votes.filter((v) => v.vote === vote).length;
    return {
      id: o.id,
      date: `${o.date}T00:00:00.000Z`,
      time: o.time,
      startsAt: isoTimestamp(o.starts_at),
      yes: count('yes'),
      maybe: count('maybe'),
      no: count('no'),
      myVote: o.votes.find((v) => v.userId === viewerId)?.vote ?? null,
      votes: o.votes,
    };
  });
}

/**
 * Moves the room to the option's date and time, which fixes a date to be decided (docs/api/README.md#date-and-venue-tbd);
 * the rooms triggers update `starts_at` and `schedule_seq` and plan the reminders.
 */
export async function setRoomDate(tx: Tx, roomId: string, date: string, time: string) {
  await tx.execute(sql`
    UPDATE rooms SET date = ${date}::date, time = ${time}, date_tbd = false, updated_at = now()
    WHERE id = ${roomId}`);
}

/** Who hears of the poll: every member but the host, and with `invitees` every pending invitee too. */
export async function recipients(
  tx: Tx,
  roomId: string,
  hostId: number,
  invitees: boolean,
): Promise<number[]> {
  const { rows } = await tx.execute<{ user_id: number }>(sql`
    SELECT user_id FROM room_members WHERE room_id = ${roomId} AND user_id <> ${hostId}
    ${invitees ? sql`UNION SELECT user_id FROM invites WHERE room_id = ${roomId} AND status = 'pending' AND user_id <> ${hostId}` : sql``}
    ORDER BY user_id`);
  return rows.map((r) => r.user_id);
}
