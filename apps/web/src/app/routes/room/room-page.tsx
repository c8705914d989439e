import { memo, useDeferredValue, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/hooks/use-auth';
import { useSteps } from '@/hooks/use-steps';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { isApiError } from '@/lib/api-error';
import { markRoomViewed } from '@/lib/offline/recent-rooms';
import { ErrorState, LoadingState } from '@/components/list-states';
import { useAttendees } from '@/entities/room/get-attendees';
import { useConsolidation } from '@/features/rooms/api/get-consolidation';
import { useRoom } from '@/entities/room/get-room';
import { useJoinRoom } from '@/features/rooms/api/join-room';
import { AttendeeList } from '@/features/rooms/components/attendee-list';
import { InviteDialog } from '@/features/rooms/components/invite-dialog';
import { JoinDialog } from '@/features/rooms/components/join-dialog';
import { GuestBar } from './guest-bar';
import { LeaveOrClose } from './leave-or-close';
import { RoomActions } from '@/features/rooms/components/room-actions';
import { useRoomUnreadCount } from '@/features/chat/hooks/use-room-unread-count';
import { useRoomUnread } from '@/features/chat/api/chat-reads';
import { useReadRoomNotifications } from '@/features/notifications/api/mark-notification-read';
import { JoinPanel, OutingOver, PassedNote, RoomNotFound } from './room-panels';
import { RoomHero } from '@/features/rooms/components/room-hero';
import { RoomInfo } from '@/features/rooms/components/room-info';
import { joinRoomErrorMessage } from '@/features/rooms/messages';
import { MoneySection } from '@/features/bills/components/money-section';
import { useGuests } from '@/features/plans/api/get-guests';
import { DatePollSection } from '@/features/plans/components/date-poll-section';
import { GuestList } from '@/features/plans/components/guest-list';
import { waitlistPlace } from '@/features/plans/components/guest-tabs';
import { PlanActions } from '@/features/plans/components/plan-actions';
import { RoomMenu } from '@/features/plans/components/room-menu';
import { RsvpControl } from '@/features/plans/components/rsvp-control';
import { hasStarted } from '@/features/plans/lib/plan-dates';
import { joinFailure } from '@/features/plans/messages';

// Every answer of the screen's calls (room, members, guests, bills status, unread counts) renders RoomScreen again;
// without memo each would render the whole page with it, in one blocking task (Lighthouse TBT, issue #21). These
// parts take only props that keep their identity until they change (cached answers, ids, flags).
const InfoPart = memo(RoomInfo);
const RsvpPart = memo(RsvpControl);
const PlanActionsPart = memo(PlanActions);
const DatePollPart = memo(DatePollSection);
const MoneyPart = memo(MoneySection);
const LeavePart = memo(LeaveOrClose);

/**
 * The steps in which a member's parts mount: the actions; then the date poll, the guests and Leave; then Money (the
 * largest, with its four calls).
 */
const MEMBER_STEPS = 3;

export default function RoomPage() {
  const { roomId = '' } = useParams();
  // A new room starts with fresh screen state (dismissed join modal, open dialogs).
  return <RoomScreen key={roomId} roomId={roomId} />;
}

function RoomScreen({ roomId }: { roomId: string }) {
  const t = useT();
  const { user, guestRoomId } = useAuth();
  // A guest's one room (docs/guests.md): the bar that says so, no way out to the rest of the app.
  const asGuest = guestRoomId === roomId;
  const toast = useToast();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const room = useRoom(roomId);
  // An answer re-renders through useSyncExternalStore, which React renders in one go: the room shown is a deferred
  // copy, so that the screen's largest render (its first, when the room arrives) is built in slices between other
  // work instead of one long task (Lighthouse TBT, issue #21). Meanwhile the loading line stays.
  const shown = useDeferredValue(room.data);
  const attendees = useAttendees(roomId, room.isSuccess);
  const notMember = isApiError(attendees.error) && attendees.error.status === 403;
  // An answer kept from before (the offline cache) still counts when a re-fetch fails.
  const member = attendees.data !== undefined && !notMember;
  // The member-only parts mount a step at a time (the parts below the actions are below the fold, and each asks for
  // its own data once mounted); until the actions have, the members' loading line stays.
  const step = useSteps(member, MEMBER_STEPS);
  const consolidation = useConsolidation(roomId, member && room.data?.isClosed === false);
  const join = useJoinRoom();
  const open = member && room.data?.isClosed === false;
  const guests = useGuests(roomId, open);
  const [inviting, setInviting] = useState(false);
  const [joinDismissed, setJoinDismissed] = useState(false);
  // The chat's unread count from the server (kept live by the socket); until it answers, what arrived since.
  const arrived = useRoomUnreadCount(roomId);
  const unread = useRoomUnread(roomId)?.unread ?? arrived;
  useReadRoomNotifications(roomId, member);
  // Kept for offline use among the rooms opened lately (issue #21).
  const client = useQueryClient();
  useEffect(() => markRoomViewed(client, roomId), [client, roomId]);

  if (room.isError && room.data === undefined) {
    if (isApiError(room.error) && room.error.status === 404) return <RoomNotFound />;
    return (
      <>
        <PageHeader title={t('rooms.room.title')} back />
        <div className="px-4 py-6">
          <ErrorState message={t('rooms.loadFailed')} onRetry={() => void room.refetch()} />
        </div>
      </>
    );
  }

  if (shown === undefined) return <LoadingState label={t('rooms.loadingRoom')} />;
  const data = shown;
  const isHost = data.hostId === user.id;
  const started = hasStarted(data);
  const askToJoin =
    searchParams.get('join') === 'true' && notMember && !data.isClosed && !started && !joinDismissed;

  /** The join link has done its job: drop `?join=true`, keep where the user came from. */
  const dropJoinParam = () => {
    setJoinDismissed(true);
    const next = new URLSearchParams(searchParams);
    next.delete('join');
    setSearchParams(next, { replace: true, state: location.state });
  };

  const joinRoom = (fromDialog: boolean) =>
    join.mutate(roomId, {
      onSuccess: ({ room: joined }) => {
        if (fromDialog) dropJoinParam();
        // The waitlist is no success yet: said as news, not in the success colour (issue 37).
        if (joined.myRsvp === 'waitlisted') toast.info(t('plans.rsvp.waitlisted', { room: data.name }));
        else toast.success(t('rooms.join.joined', { room: data.name }));
      },
      onError: (error) => {
        if (fromDialog) dropJoinParam();
        toast.error(joinFailure(error, joinRoomErrorMessage));
      },
    });

  return (
    <>
      {asGuest && <GuestBar roomId={data.id} roomName={data.name} />}
      <RoomHero
        room={data}
        back={!asGuest}
        canEdit={isHost && member && !data.isClosed}
        // A date to be decided has no calendar entry yet (docs/api/README.md#date-and-venue-tbd).
        menu={data.isClosed ? undefined : <RoomMenu room={data} canDownload={member && !data.dateTbd} />}
      />
      <div className="flex flex-col gap-5 px-4 py-5">
        <InfoPart room={data} />
        {open && step >= 1 && !started && (
          <RsvpPart room={data} waitlistPlace={waitlistPlace(guests.data, user.id)} />
        )}
        {open && step >= 1 && started && <PassedNote />}
        {open && step >= 1 && <PlanActionsPart room={data} canDownload={!data.dateTbd} />}
        {(attendees.isPending || (member && step < 1)) && (
          <LoadingState label={t('rooms.room.loadingMembers')} />
        )}
        {notMember && <JoinPanel room={data} busy={join.isPending} onJoin={() => joinRoom(false)} />}
        {attendees.isError && !notMember && !member && (
          <ErrorState message={t('rooms.room.attendeesFailed')} onRetry={() => void attendees.refetch()} />
        )}
        {member && step >= 1 && data.isClosed && <OutingOver roomId={data.id} chatCount={unread} />}
        {member && step >= 1 && !data.isClosed && (
          <RoomActions
            room={data}
            meId={user.id}
            attendees={attendees.data}
            consolidated={consolidation.isSuccess ? consolidation.data : undefined}
            onInvite={() => setInviting(true)}
            mayInvite={!asGuest}
            chatCount={unread}
          />
        )}
        {step >= 2 && open && !started && <DatePollPart room={data} meId={user.id} />}
        {member && step >= 2 && (
          <GuestList
            room={data}
            meId={user.id}
            fallback={
              <AttendeeList
                attendees={attendees.data}
                hostId={data.hostId}
                meId={user.id}
                removableIn={data.isClosed ? undefined : data.id}
              />
            }
          />
        )}
        {member && step >= 3 && <MoneyPart room={data} meId={user.id} attendees={attendees.data} />}
        {member && step >= 2 && !data.isClosed && !asGuest && <LeavePart room={data} isHost={isHost} />}
      </div>
      {inviting && <InviteDialog room={data} onClose={() => setInviting(false)} />}
      {askToJoin && (
        <JoinDialog room={data} busy={join.isPending} onYes={() => joinRoom(true)} onNo={dropJoinParam} />
      )}
    </>
  );
}
