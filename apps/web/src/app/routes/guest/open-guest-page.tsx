import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { primaryButtonClass } from '@/components/form/submit-button';
import { ErrorState } from '@/components/list-states';
import { NotFoundState } from '@/components/not-found-state';
import { PageHeader } from '@/components/page-header';
import { FullPageSpinner } from '@/components/spinner';
import { useAuth } from '@/hooks/use-auth';
import { useT } from '@/lib/i18n/use-t';
import { genericErrorMessage, isApiError, refusalText } from '@/lib/api-error';
import { saveGuestSession } from '@/lib/guest-session';
import { resumeGuest } from '@/features/guest-access/api/guest-session-calls';

type Outcome = { kind: 'working' } | { kind: 'broken' } | { kind: 'failed'; message: string };

/** The secret of a personal link: the URL's fragment, which the browser never sends to a server. */
const SECRET = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * /guest/open#{secret}: a guest's personal link (docs/guests.md), opening the same guest on this device. The secret
 * is taken out of the address bar at once (so it stays out of the history and of a screenshot), then exchanged for a
 * guest token. A signed-in account is not replaced: it is told to log out first.
 */
export default function OpenGuestPage() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const { status, guestRoomId, login } = useAuth();
  const [secret] = useState(() => location.hash.replace(/^#/, ''));
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);
  const account = status === 'authenticated' && guestRoomId === null;
  const wellFormed = SECRET.test(secret);

  // The secret leaves the address at once; it is kept in this screen's state only.
  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, hash: '' }, { replace: true });
  }, [location.hash, location.pathname, navigate]);

  useEffect(() => {
    if (status === 'restoring' || account || !wellFormed || started.current === attempt) return;
    started.current = attempt;
    resumeGuest(secret).then(
      async (guest) => {
        saveGuestSession(guest.room.id, {
          token: guest.token,
          name: guest.user.username,
          roomName: guest.room.name,
        });
        await login(guest.token);
        void navigate(`/room/${encodeURIComponent(guest.room.id)}`, { replace: true });
      },
      (error: unknown) => {
        if (isApiError(error) && (error.status === 404 || error.status === 400))
          setOutcome({ kind: 'broken' });
        else
          setOutcome({
            kind: 'failed',
            message: isApiError(error) && error.status === 429 ? refusalText(error) : genericErrorMessage(),
          });
      },
    );
  }, [status, account, wellFormed, attempt, secret, login, navigate]);

  if (account)
    return (
      <NotFoundState
        header={t('guests.open.header')}
        back
        title={t('guests.open.signedIn')}
        detail={t('guests.open.signedInDetail')}
        action={
          <Link to="/" className={`${primaryButtonClass} mt-2 max-w-60`}>
            {t('guests.open.home')}
          </Link>
        }
      />
    );
  if (!wellFormed || outcome.kind === 'broken')
    return (
      <NotFoundState
        header={t('guests.open.header')}
        back={false}
        title={t('guests.open.broken')}
        detail={t('guests.open.brokenDetail')}
        action={
          <Link to="/login" className={`${primaryButtonClass} mt-2 max-w-60`}>
            {t('preview.logIn')}
          </Link>
        }
      />
    );
  if (outcome.kind === 'failed')
    return (
      <>
        <PageHeader title={t('guests.open.header')} back={false} />
        <div className="px-4 py-6">
          <ErrorState
            message={outcome.message}
            onRetry={() => {
              setOutcome({ kind: 'working' });
              setAttempt((n) => n + 1);
            }}
          />
        </div>
      </>
    );
  return <FullPageSpinner />;
}
