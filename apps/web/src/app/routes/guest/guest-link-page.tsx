import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { GUEST_LIMITS, type GuestPreview } from '@outing/contract';
import { primaryButtonClass, SubmitButton } from '@/components/form/submit-button';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/text-field';
import { ErrorState, LoadingState } from '@/components/list-states';
import { NotFoundState } from '@/components/not-found-state';
import { PageHeader } from '@/components/page-header';
import { FullPageSpinner } from '@/components/spinner';
import { useAuth } from '@/hooks/use-auth';
import { useT } from '@/lib/i18n/use-t';
import { genericErrorMessage, isApiError, refusalText } from '@/lib/api-error';
import { isTokenLive, readGuestSession, saveGuestSession } from '@/lib/guest-session';
import { saveRedirectPath } from '@/lib/redirect-path';
import { guestPreviewQueryOptions, joinAsGuest } from '@/features/guest-access/api/guest-session-calls';
import { PreviewDetails } from '@/features/preview/components/preview-details';
import { PreviewHero } from '@/features/preview/components/preview-hero';
import { textLinkClass } from '@/features/auth/components/auth-screen';

const roomPath = (roomId: string) => `/room/${encodeURIComponent(roomId)}`;

/**
 * /g/{secret}: a room's guest link (docs/guests.md). The room's preview with "Join as a guest" (a name, one tap)
 * beside Sign up and Log in. This device's guest of the room, when it has one, goes straight back in; a signed-in
 * account opens the room to join it as itself.
 */
export default function GuestLinkPage() {
  const t = useT();
  const { secret = '' } = useParams();
  const preview = useQuery(guestPreviewQueryOptions(secret));

  if (preview.isPending) return <LoadingState label={t('guests.link.loading')} />;
  if (preview.isError) {
    if (isApiError(preview.error) && (preview.error.status === 404 || preview.error.status === 400))
      return (
        <NotFoundState
          header={t('guests.link.header')}
          back={false}
          title={t('guests.link.broken')}
          detail={t('guests.link.brokenDetail')}
          action={
            <Link to="/login" className={`${primaryButtonClass} mt-2 max-w-60`}>
              {t('preview.logIn')}
            </Link>
          }
        />
      );
    return (
      <>
        <PageHeader title={t('guests.link.header')} back={false} />
        <div className="px-4 py-6">
          <ErrorState
            message={
              isApiError(preview.error) && preview.error.status === 429
                ? refusalText(preview.error)
                : t('guests.link.loadFailed')
            }
            onRetry={() => void preview.refetch()}
          />
        </div>
      </>
    );
  }
  return <GuestLinkScreen secret={secret} preview={preview.data} />;
}

function GuestLinkScreen({ secret, preview }: { secret: string; preview: GuestPreview }) {
  const t = useT();
  const navigate = useNavigate();
  const { status, guestRoomId, login } = useAuth();
  const account = status === 'authenticated' && guestRoomId === null;
  const here = status === 'authenticated' && guestRoomId === preview.id;
  const kept = readGuestSession(preview.id);
  // This device's guest of the room goes back in (its token stored again), unless an account is signed in.
  const resume = !account && !here && kept !== null && isTokenLive(kept.token);
  const resumed = useRef(false);

  useEffect(() => {
    if (here) {
      void navigate(roomPath(preview.id), { replace: true });
      return;
    }
    if (!resume || resumed.current || !kept) return;
    resumed.current = true;
    login(kept.token).then(
      () => void navigate(roomPath(preview.id), { replace: true }),
      () => void navigate(roomPath(preview.id), { replace: true }),
    );
  }, [here, resume, kept, login, navigate, preview.id]);

  if (status === 'restoring' || here || resume) return <FullPageSpinner />;

  const joinable = !preview.isClosed && !preview.isPast;
  const comeBack = () => saveRedirectPath(`/g/${secret}`);
  return (
    <div className="flex min-h-full flex-col">
      <PreviewHero preview={preview} signedIn={false} />
      <div className="flex flex-1 flex-col gap-5 px-4 py-5">
        <PreviewDetails preview={preview} />
      </div>
      <section
        aria-label={t('guests.link.region')}
        className="sticky bottom-0 flex flex-col gap-3 border-t border-slate-200 bg-surface/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur"
      >
        {!joinable && (
          <p role="status" className="rounded-xl bg-slate-100 px-4 py-3 text-center text-sm text-slate-700">
            {preview.isClosed ? t('preview.closed') : t('preview.past')}
          </p>
        )}
        {account ? (
          <Link to={`${roomPath(preview.id)}?join=true`} className={primaryButtonClass}>
            {t('guests.link.openRoom')}
          </Link>
        ) : (
          <>
            {joinable && <JoinAsGuestForm secret={secret} preview={preview} />}
            <p className="flex flex-wrap items-center justify-center gap-x-1 text-sm text-slate-600">
              <span>{t('guests.link.withAccount')}</span>
              <Link to="/signup" onClick={comeBack} className={textLinkClass}>
                {t('auth.signup.submit')}
              </Link>
              <span aria-hidden="true">·</span>
              <Link to="/login" onClick={comeBack} className={textLinkClass}>
                {t('preview.logIn')}
              </Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}

/** The name the others will see, checked as the server does (1–40 characters, one line). */
function nameProblem(name: string, t: ReturnType<typeof useT>): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return t('guests.join.nameRequired');
  if ([...trimmed].length > GUEST_LIMITS.nameMax)
    return t('guests.join.nameTooLong', { max: GUEST_LIMITS.nameMax });
  return null;
}

function joinFailureText(error: unknown, t: ReturnType<typeof useT>): string {
  if (!isApiError(error)) return genericErrorMessage();
  if (error.status === 404) return t('guests.link.broken');
  if (error.status === 400 || error.status === 409 || error.status === 429) return refusalText(error);
  return genericErrorMessage();
}

function JoinAsGuestForm({ secret, preview }: { secret: string; preview: GuestPreview }) {
  const t = useT();
  const navigate = useNavigate();
  const { login } = useAuth();
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = nameProblem(name, t);
    setFieldError(problem);
    setFailure(null);
    if (problem) return;
    setBusy(true);
    try {
      const joined = await joinAsGuest(secret, name.trim());
      saveGuestSession(joined.room.id, {
        token: joined.token,
        name: joined.user.username,
        roomName: joined.room.name,
      });
      await login(joined.token);
      void navigate(roomPath(joined.room.id), { replace: true });
    } catch (error) {
      // The name stays typed: only the reason is new.
      setFailure(joinFailureText(error, t));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      {failure && <FormAlert message={failure} />}
      <TextField
        label={t('guests.join.nameLabel')}
        hint={t('guests.join.nameHint', { room: preview.name })}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          if (fieldError) setFieldError(null);
        }}
        error={fieldError ?? undefined}
        autoComplete="given-name"
        enterKeyHint="go"
        maxLength={GUEST_LIMITS.nameMax * 2}
      />
      <SubmitButton busy={busy}>{t('guests.join.submit')}</SubmitButton>
    </form>
  );
}
