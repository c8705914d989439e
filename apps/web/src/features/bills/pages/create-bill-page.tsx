import { useLocation, useNavigate, useParams } from 'react-router';
import { Link } from 'react-router';
import { ExclamationTriangleIcon, UserPlusIcon } from '@heroicons/react/24/outline';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../hooks/use-auth';
import { useToast } from '../../../hooks/use-toast';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states';
import { billKeys, sharedRoomKeys } from '../api/bill-keys';
import { useConsolidationStatus } from '../api/get-consolidation-status';
import { useBillAttendees, useBillRoom } from '../api/get-room';
import { CreateBillForm } from '../components/create-bill-form';
import { readBillNavigationState } from '../lib/navigation-state';
import { BILL_CREATED } from '../messages';

function Notice({ title, children, roomPath }: { title: string; children: ReactNode; roomPath: string }) {
  return (
    <EmptyState icon={ExclamationTriangleIcon} title={title}>
      <p>{children}</p>
      <Link
        to={roomPath}
        className="mt-3 inline-flex min-h-11 items-center rounded-full px-4 font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        Back to the room
      </Link>
    </EmptyState>
  );
}

/**
 * /room/{roomId}/bill/create. The room page passes {attendees, roomName, userId} in navigation state; after a
 * reload the room and its attendees are loaded instead.
 */
export default function CreateBillPage() {
  const { roomId } = useParams();
  if (!roomId) throw new Error('Missing route parameter: roomId');
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const state = readBillNavigationState(location.state);
  const roomPath = `/room/${roomId}`;

  const room = useBillRoom(roomId);
  const attendees = useBillAttendees(roomId, state.attendees);
  const consolidated = useConsolidationStatus(roomId);
  const roomName = room.data?.name ?? state.roomName;

  let body: ReactNode;
  if (attendees.data === undefined) {
    body = attendees.isError ? (
      <ErrorState message="Could not load the room’s members." onRetry={() => void attendees.refetch()} />
    ) : (
      <LoadingState label="Loading the room" />
    );
  } else if (consolidated.data === true) {
    body = (
      <Notice title="Bills are consolidated" roomPath={roomPath}>
        The bills of this room are already consolidated: no new bills can be added.
      </Notice>
    );
  } else if (room.data?.isClosed) {
    body = (
      <Notice title="This room is closed" roomPath={roomPath}>
        Bills can only be added to an open room.
      </Notice>
    );
  } else {
    const people = attendees.data.filter((a) => a.id !== user.id);
    body =
      people.length === 0 ? (
        <EmptyState icon={UserPlusIcon} title="No one to share with yet">
          A bill is shared with the other people in the room. Invite friends first.
        </EmptyState>
      ) : (
        <CreateBillForm
          roomId={roomId}
          me={user}
          people={people}
          onCreated={async () => {
            toast.success(BILL_CREATED);
            // Back to the room: pop the entry the user came from, else replace this form with the room.
            if (state.from === roomPath) await navigate(-1);
            else await navigate(roomPath, { replace: true });
          }}
          onConflict={() => {
            void queryClient.invalidateQueries({ queryKey: billKeys.consolidated(roomId) });
            void queryClient.invalidateQueries({ queryKey: sharedRoomKeys.detail(roomId) });
          }}
        />
      );
  }

  return (
    <>
      <PageHeader title="Create Bill" back />
      <div className="flex flex-col gap-4 px-4 py-5">
        {roomName && (
          <p className="text-sm text-slate-600">
            In <span className="font-semibold text-slate-900">{roomName}</span>
          </p>
        )}
        {body}
      </div>
    </>
  );
}
