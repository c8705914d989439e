import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import type { Room, User } from '@outing/contract';
import { EmptyState, ErrorState, LoadingState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useI18n, useT } from '@/lib/i18n/use-t';
import { useBillAttendees, useBillRoom } from '../api/get-room';

// What the create and edit pages share: the room and its members, loaded (or taken from navigation state, then
// refreshed), and the page frame.

export function Notice({
  title,
  children,
  roomPath,
}: {
  title: string;
  children: ReactNode;
  roomPath: string;
}) {
  const t = useT();
  return (
    <EmptyState icon={ExclamationTriangleIcon} title={title}>
      <p>{children}</p>
      <Link
        to={roomPath}
        className="mt-3 inline-flex min-h-11 items-center rounded-full px-4 font-semibold text-brand-700 dark:text-brand-300 ring-1 ring-brand-200 dark:ring-brand-800 hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
      >
        {t('bills.shell.backToRoom')}
      </Link>
    </EmptyState>
  );
}

export type RoomData =
  { ready: true; room: Room; members: User[] } | { ready: false; body: ReactNode; roomName?: string };

/** The room (for its currency) and its members; until both are here, what to show instead. */
export function useRoomData(roomId: string, initialMembers?: User[], initialName?: string): RoomData {
  const t = useT();
  const room = useBillRoom(roomId);
  const attendees = useBillAttendees(roomId, initialMembers);
  const roomName = room.data?.name ?? initialName;
  if (room.data && attendees.data) return { ready: true, room: room.data, members: attendees.data };
  if (room.isError || attendees.isError)
    return {
      ready: false,
      roomName,
      body: (
        <ErrorState
          message={t('bills.shell.membersLoadFailed')}
          onRetry={() => {
            if (room.isError) void room.refetch();
            if (attendees.isError) void attendees.refetch();
          }}
        />
      ),
    };
  return { ready: false, roomName, body: <LoadingState label={t('bills.shell.loadingRoom')} /> };
}

/** "In Board Game Night", the room's name in bold. */
export function InRoom({ name, className }: { name: string; className: string }) {
  const { tRich } = useI18n();
  return (
    <p className={className}>
      {tRich('bills.inRoom', {
        room: name,
        b: (chunks) => (
          <span key="b" className="font-semibold text-slate-900">
            {chunks}
          </span>
        ),
      })}
    </p>
  );
}

export function BillPageFrame({
  title,
  roomName,
  children,
}: {
  title: string;
  roomName?: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} back />
      <div className="flex flex-col gap-4 px-4 py-5">
        {roomName && <InRoom name={roomName} className="text-sm text-slate-600" />}
        {children}
      </div>
    </>
  );
}
