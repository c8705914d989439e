import { useId, useMemo, useState } from 'react';
import { ChevronDownIcon } from '@heroicons/react/24/outline';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Activity, User } from '@outing/contract';
import { ErrorState } from '@/components/list-states';
import { ListMore } from '@/components/load-more';
import { Spinner } from '@/components/spinner';
import { useT } from '@/lib/i18n/use-t';
import { GuestMark } from '@/entities/room/member-name';
import { flattenPages, type CursorPage } from '@/lib/cursor-pages';
import { useBillActivity, useRoomActivity } from '../api/get-activity';
import {
  activityLine,
  formatActivityFullTime,
  formatActivityTime,
  type LineContext,
} from '../lib/activity-line';
import { personName } from '@/lib/person-name';

type ActivityPages = UseInfiniteQueryResult<InfiniteData<CursorPage<Activity>>>;

interface ActivityListProps {
  list: ActivityPages;
  meId: number;
  /** A member's name by id (payers and payees of payments); the lines' own actors are known by name already. */
  nameOf: (id: number) => string;
  /** The list's accessible name. */
  label: string;
}

/** Where the actor's name goes in a line, so that the guest mark can follow it: a private-use character. */
const ACTOR_SLOT = '\uE000';

/**
 * A line with the "guest" mark after its actor's name when the actor is a guest (docs/guests.md): "mei [guest] added
 * “Dinner” (S$23.50)", wherever the language puts the actor in the sentence.
 */
function Line({ entry, ctx }: { entry: Activity; ctx: LineContext }) {
  const line = activityLine(entry, ctx);
  if (!entry.actor.isGuest || entry.actor.id === ctx.meId) return line;
  const slotted = activityLine({ ...entry, actor: { ...entry.actor, username: ACTOR_SLOT } }, ctx);
  const at = slotted.indexOf(ACTOR_SLOT);
  if (at < 0) return line;
  return (
    <>
      {slotted.slice(0, at)}
      {personName(entry.actor)}
      <GuestMark />
      {slotted.slice(at + ACTOR_SLOT.length)}
    </>
  );
}

/**
 * A history, newest first: each line one sentence in the interface's language ("ann added “Dinner” (S$23.50)"), and
 * when; loading, empty and error (with Try again) states; "Load more" for older pages.
 */
export function ActivityList({ list, meId, nameOf, label }: ActivityListProps) {
  const t = useT();
  const entries = useMemo(() => flattenPages(list.data), [list.data]);
  // Actors carry their names: someone who has left the room is still named in the lines they wrote.
  const names = useMemo(() => {
    const known = new Map(entries.map((e) => [e.actor.id, personName(e.actor)]));
    return (id: number) => known.get(id) ?? nameOf(id);
  }, [entries, nameOf]);

  if (list.isPending) {
    return (
      <div className="flex justify-center py-4">
        <Spinner label={t('activity.loading')} />
      </div>
    );
  }
  if (list.isError && !list.isFetchNextPageError) {
    return <ErrorState message={t('activity.loadFailed')} onRetry={() => void list.refetch()} />;
  }
  if (entries.length === 0) {
    return <p className="px-3 py-3 text-sm text-slate-600">{t('activity.empty')}</p>;
  }
  return (
    <>
      <ol aria-label={label} className="divide-y divide-slate-100">
        {entries.map((entry) => (
          <li key={entry.id} data-testid="activity" className="px-3 py-2">
            <p className="text-sm break-words text-slate-900 [overflow-wrap:anywhere]">
              <Line entry={entry} ctx={{ meId, nameOf: names }} />
            </p>
            <p className="mt-0.5 text-xs text-slate-600">
              <time dateTime={entry.at} title={formatActivityFullTime(entry.at)}>
                {formatActivityTime(entry.at)}
              </time>
            </p>
          </li>
        ))}
      </ol>
      <ListMore
        list={list}
        loadedCount={entries.length}
        failedText={t('activity.loadMoreFailed')}
        className="border-t border-slate-100"
      />
    </>
  );
}

/** Names of the room's attendees by id; someone not among them reads "a former member". */
export function attendeeNames(attendees: readonly User[], fallback: string) {
  const names = new Map(attendees.map((a) => [a.id, personName(a)]));
  return (id: number) => names.get(id) ?? fallback;
}

interface RoomHistoryProps {
  roomId: string;
  meId: number;
  attendees: readonly User[];
  /** Lines a page (default 20). */
  pageSize?: number;
}

/**
 * The room's history as a disclosure, closed at first so that the room page stays short; read when first opened,
 * and kept (hidden) after it is closed again. Live: its key is under the room's money (`['bills', roomId]`).
 */
export function RoomHistory({ roomId, meId, attendees, pageSize }: RoomHistoryProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const list = useRoomActivity(roomId, { limit: pageSize, enabled: opened });
  const nameOf = useMemo(() => attendeeNames(attendees, t('activity.deletedUser')), [attendees, t]);
  return (
    <section className="overflow-hidden rounded-2xl bg-surface ring-1 ring-slate-200">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            setOpen((o) => !o);
            setOpened(true);
          }}
          className="flex min-h-12 w-full items-center gap-3 px-3 py-2 text-left transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
        >
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-semibold text-slate-700">{t('activity.history')}</span>
            <span className="block text-xs text-slate-600">{t('activity.historyHint')}</span>
          </span>
          <ChevronDownIcon
            aria-hidden="true"
            className={`size-5 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="border-t border-slate-100">
        {opened && <ActivityList list={list} meId={meId} nameOf={nameOf} label={t('activity.roomLabel')} />}
      </div>
    </section>
  );
}

interface BillHistoryProps {
  roomId: string;
  billId: number;
  meId: number;
  nameOf: (id: number) => string;
  pageSize?: number;
}

/** A bill's own history, a short list under its shares (the bill's breakdown dialog). */
export function BillHistory({ roomId, billId, meId, nameOf, pageSize = 5 }: BillHistoryProps) {
  const t = useT();
  const headingId = useId();
  const list = useBillActivity(roomId, billId, { limit: pageSize });
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-1 text-sm font-semibold text-slate-700">
        {t('activity.billHistory')}
      </h3>
      <div className="rounded-xl ring-1 ring-slate-200">
        <ActivityList list={list} meId={meId} nameOf={nameOf} label={t('activity.billHistory')} />
      </div>
    </section>
  );
}
