import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { primaryButtonClass } from '@/components/form/submit-button';
import { ErrorState, LoadingState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { genericErrorMessage, isApiError, refusalText } from '@/lib/api-error';
import { cancelGuestClaim, forgetGuestSession, pendingGuestClaim } from '@/lib/guest-session';
import { claimGuest } from '@/features/guest-access/api/guest-session-calls';

type State = { kind: 'claiming' } | { kind: 'failed'; message: string; final: boolean };

/**
 * /guest/keep: where "Keep your outings" lands once the account has signed up or logged in (docs/guests.md). The
 * guest kept on this device moves into the account (POST /v1/auth/claim-guest), then its room opens, as the account.
 * Nothing pending: Home.
 */
export default function KeepGuestPage() {
  const t = useT();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [pending] = useState(pendingGuestClaim);
  const [state, setState] = useState<State>({ kind: 'claiming' });
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    if (!pending || started.current === attempt) return;
    started.current = attempt;
    setState({ kind: 'claiming' });
    claimGuest(pending.session.token).then(
      (room) => {
        forgetGuestSession(pending.roomId);
        // The account's answers start from the server: the room, its members and money now name the account.
        void queryClient.invalidateQueries();
        toast.success(t('guests.keep.done', { room: room.name }));
        void navigate(`/room/${encodeURIComponent(room.id)}`, { replace: true });
      },
      (error: unknown) => {
        // 400: the guest token is not a live guest's (removed, signed out, kept already; docs/api/README.md#guests);
        // 409: the account is in the room already. A 401 is the account's own session, which the client ends.
        const final =
          isApiError(error) && (error.status === 400 || error.status === 409 || error.status === 403);
        if (final) {
          cancelGuestClaim();
          if (isApiError(error) && error.status === 400) forgetGuestSession(pending.roomId);
        }
        const message = !isApiError(error)
          ? genericErrorMessage()
          : error.status === 400
            ? t('guests.keep.guestGone')
            : refusalText(error);
        setState({ kind: 'failed', message, final });
      },
    );
  }, [pending, attempt, queryClient, toast, navigate, t]);

  if (!pending) return <Navigate to="/" replace />;
  return (
    <>
      <PageHeader title={t('guests.keep.header')} back={false} />
      <div className="flex flex-col gap-4 px-4 py-6">
        {state.kind === 'claiming' ? (
          <LoadingState label={t('guests.keep.working', { room: pending.session.roomName })} />
        ) : state.final ? (
          <>
            <p role="alert" className="rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-800">
              {state.message}
            </p>
            <Link to="/" replace className={primaryButtonClass}>
              {t('guests.open.home')}
            </Link>
          </>
        ) : (
          <ErrorState message={state.message} onRetry={() => setAttempt((n) => n + 1)} />
        )}
      </div>
    </>
  );
}
