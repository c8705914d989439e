import { Link, useParams } from 'react-router';
import type { RoomPreview } from '@outing/contract';
import { primaryButtonClass } from '@/components/form/submit-button';
import { ErrorState, LoadingState } from '@/components/list-states';
import { NotFoundState } from '@/components/not-found-state';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/hooks/use-auth';
import { useT } from '@/lib/i18n/use-t';
import { isApiError } from '@/lib/api-error';
import { useRoomPreview } from '../api/get-room-preview';
import { PreviewDetails } from '../components/preview-details';
import { PreviewHero } from '../components/preview-hero';
import { InviteeGuests } from '../components/invitee-guests';
import { SignedInActions } from '../components/signed-in-actions';
import { SignedOutActions } from '../components/signed-out-actions';

function NotFound({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  return (
    <NotFoundState
      header={t('preview.room')}
      back={signedIn}
      title={t('preview.notFound')}
      detail={t('preview.notFoundDetail')}
      action={
        <Link to={signedIn ? '/explore' : '/login'} className={`${primaryButtonClass} mt-2 max-w-60`}>
          {signedIn ? t('preview.exploreOutings') : t('preview.logIn')}
        </Link>
      }
    />
  );
}

/** Past or closed: nothing to join, and a line that says why. */
function ClosedLine({ preview }: { preview: RoomPreview }) {
  const t = useT();
  return (
    <p role="status" className="rounded-xl bg-slate-100 px-4 py-3 text-center text-sm text-slate-700">
      {preview.isClosed ? t('preview.closed') : t('preview.past')}
    </p>
  );
}

/**
 * A room before joining (issue #20 item 9), signed in or out: /room/{id}/preview, and /room/{id} for a visitor who
 * is signed out. Everything comes from the preview call, which names no members.
 */
export default function RoomPreviewPage() {
  const t = useT();
  const { roomId = '' } = useParams();
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const preview = useRoomPreview(roomId);

  if (preview.isPending) return <LoadingState label={t('preview.loading')} />;
  if (preview.isError) {
    if (isApiError(preview.error) && preview.error.status === 404) return <NotFound signedIn={signedIn} />;
    return (
      <>
        <PageHeader title={t('preview.room')} back={signedIn} />
        <div className="px-4 py-6">
          <ErrorState message={t('preview.loadFailed')} onRetry={() => void preview.refetch()} />
        </div>
      </>
    );
  }

  const data = preview.data;
  const joinable = !data.isClosed && !data.isPast;
  return (
    <div className="flex min-h-full flex-col">
      <PreviewHero preview={data} signedIn={signedIn} />
      <div className="flex flex-1 flex-col gap-5 px-4 py-5">
        <PreviewDetails preview={data} />
        {signedIn && joinable && <InviteeGuests roomId={data.id} />}
        {!signedIn && joinable && (
          <p className="px-1 text-center text-sm text-slate-600">{t('preview.signInToJoin')}</p>
        )}
      </div>
      <section
        aria-label={t('preview.joinRegion')}
        className="sticky bottom-0 flex flex-col gap-3 border-t border-slate-200 bg-surface/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur"
      >
        {!joinable && <ClosedLine preview={data} />}
        {signedIn ? (
          <SignedInActions key={data.id} preview={data} joinable={joinable} />
        ) : (
          <SignedOutActions roomId={data.id} joinable={joinable} />
        )}
      </section>
    </div>
  );
}
