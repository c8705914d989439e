import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { RoomPreview, RsvpBody } from '@outing/contract';
import { ButtonSpinner, primaryButtonClass } from '@/components/form/submit-button';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { useRoom } from '@/entities/room/get-room';
import { useJoinRoom } from '@/features/rooms/api/join-room';
import { roomKeys } from '@/lib/query-keys';
import { useSetRsvp } from '@/features/plans/api/set-rsvp';
import { previewActionErrorMessage } from '../messages';
import { RsvpButtons } from './rsvp-buttons';

/** Answers of a member: they belong on the room page itself. */
const MEMBER_ANSWERS = new Set(['going', 'maybe', 'waitlisted', 'declined']);

/**
 * A signed-in viewer: a member goes on to the room; a pending invitee answers Going / Maybe / Can't; anyone else
 * may Join (the waitlist when full). Going, Maybe or Join opens the room. Past or closed: nothing to answer.
 */
export function SignedInActions({ preview, joinable }: { preview: RoomPreview; joinable: boolean }) {
  const t = useT();
  const room = useRoom(preview.id);
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const join = useJoinRoom();
  const rsvp = useSetRsvp();
  const [declined, setDeclined] = useState(false);

  const myRsvp = room.data?.myRsvp ?? null;
  // A declined invite may read back as `declined` without making anyone a member: stay here then.
  if (myRsvp && MEMBER_ANSWERS.has(myRsvp) && !(declined && myRsvp === 'declined')) {
    return <Navigate to={`/room/${preview.id}`} replace state={location.state} />;
  }
  if (!joinable) return null;
  if (room.isPending) {
    return (
      <div className="flex justify-center py-2">
        <Spinner label={t('preview.checkingInvite')} className="size-7" />
      </div>
    );
  }

  const openRoom = () => void navigate(`/room/${preview.id}`, { replace: true, state: location.state });
  const refused = (error: unknown) => {
    toast.error(previewActionErrorMessage(error));
    void queryClient.invalidateQueries({ queryKey: roomKeys.detail(preview.id) });
  };

  const onJoin = () => {
    if (join.isPending) return;
    join.mutate(preview.id, {
      onSuccess: ({ room: joined }) => {
        void queryClient.invalidateQueries({ queryKey: roomKeys.public() });
        // The waitlist is news, not a success (issue 37).
        if (joined.myRsvp === 'waitlisted') toast.info(t('preview.toast.waitlisted', { name: joined.name }));
        else toast.success(t('preview.toast.joined', { name: joined.name }));
        openRoom();
      },
      onError: refused,
    });
  };

  const onAnswer = (status: RsvpBody['status']) => {
    if (rsvp.isPending) return;
    rsvp.mutate(
      { roomId: preview.id, status },
      {
        onSuccess: ({ room: answered, rsvp: mine }) => {
          if (status === 'declined') {
            setDeclined(true);
            toast.success(t('preview.toast.declined', { name: answered.name }));
            return;
          }
          const said =
            mine === 'waitlisted'
              ? 'preview.toast.waitlisted'
              : mine === 'maybe'
                ? 'preview.toast.maybe'
                : 'preview.toast.going';
          (mine === 'waitlisted' ? toast.info : toast.success)(t(said, { name: answered.name }));
          openRoom();
        },
        onError: refused,
      },
    );
  };

  if (myRsvp === 'invited' && !declined) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-center text-sm font-medium text-slate-800">{t('preview.invited')}</p>
        <RsvpButtons busy={rsvp.isPending ? (rsvp.variables?.status ?? null) : null} onAnswer={onAnswer} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {declined && <p className="text-center text-sm text-slate-700">{t('preview.declined')}</p>}
      <button
        type="button"
        onClick={onJoin}
        aria-busy={join.isPending}
        aria-disabled={join.isPending}
        className={primaryButtonClass}
      >
        {join.isPending && <ButtonSpinner />}
        {t('preview.join')}
      </button>
    </div>
  );
}
