import { useId, useState } from 'react';
import { ClipboardDocumentIcon, QrCodeIcon, XMarkIcon } from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { FormAlert } from '@/components/form/form-alert';
import { primaryButtonClass, ButtonSpinner } from '@/components/form/submit-button';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/hooks/use-toast';
import { Dialog } from '@/components/dialog';
import { useT } from '@/lib/i18n/use-t';
import { useUninvited } from '../api/get-uninvited';
import { useInviteFriends } from '../api/invite-friends';
import { inviteErrorMessage } from '../messages';
import { FriendPicker } from './friend-picker';
import { QrCode } from '@/components/qr-code';

/** The room link that opens the Confirm Join modal (docs/product.md#joining). */
export function joinLink(room: Pick<Room, 'url'>): string {
  return `${room.url}?join=true`;
}

const secondaryButton =
  'inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-full bg-surface px-4 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-slate-100';

function QrPanel({ room, onClose }: { room: Room; onClose: () => void }) {
  const t = useT();
  const label = t('rooms.invite.qrLabel', { room: room.name });
  return (
    <div className="flex flex-col items-center gap-4 px-5 pt-2 pb-5">
      <div className="rounded-2xl bg-surface p-4 ring-1 ring-slate-200">
        <QrCode
          value={joinLink(room)}
          size={208}
          boxClassName="size-52"
          marginSize={0}
          title={label}
          role="img"
          aria-label={label}
          data-testid="room-qr-code"
        />
      </div>
      <p className="text-center text-sm text-slate-600">{t('rooms.invite.qrText')}</p>
      <button type="button" onClick={onClose} className={`${secondaryButton} w-full flex-none`}>
        {t('rooms.invite.closeQr')}
      </button>
    </div>
  );
}

function InviteForm({ room, onDone }: { room: Room; onDone: () => void }) {
  const t = useT();
  const uninvited = useUninvited(room.id);
  const invite = useInviteFriends(room.id);
  const toast = useToast();
  const errorId = useId();
  const [selected, setSelected] = useState<number[]>([]);
  const [required, setRequired] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // Only friends still in the list count: after a refusal the list is read again, and whoever was invited or left
  // meanwhile drops out of the choice instead of being sent again.
  const chosen = selected.filter((id) => uninvited.data?.some((u) => u.id === id) ?? false);

  const submit = () => {
    if (invite.isPending) return;
    setServerError(null);
    if (chosen.length === 0) {
      setRequired(true);
      return;
    }
    invite.mutate(chosen, {
      onSuccess: () => {
        toast.success(t('rooms.invite.sent', { count: chosen.length }));
        onDone();
      },
      onError: (error) => setServerError(inviteErrorMessage(error)),
    });
  };

  if (uninvited.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label={t('rooms.loadingFriends')} className="size-8" />
      </div>
    );
  }
  if (uninvited.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-2 py-4 text-center text-sm text-red-800 dark:text-red-300"
      >
        {t('rooms.invite.friendsFailed')}
        <button
          type="button"
          onClick={() => void uninvited.refetch()}
          className="inline-flex min-h-11 items-center font-semibold underline"
        >
          {t('rooms.tryAgain')}
        </button>
      </div>
    );
  }
  if (uninvited.data.length === 0) {
    return (
      <p className="rounded-xl bg-slate-50 px-4 py-4 text-center text-sm text-slate-600 ring-1 ring-slate-200">
        {t('rooms.invite.allInvited')}
      </p>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="flex flex-col gap-3"
    >
      <FriendPicker
        legend={t('rooms.invite.legend')}
        users={uninvited.data}
        value={chosen}
        onChange={(ids) => {
          setSelected(ids);
          if (ids.length > 0) setRequired(false);
        }}
        error={required ? t('rooms.validation.inviteesRequired') : undefined}
        errorId={errorId}
      />
      <FormAlert message={serverError} />
      <button
        type="submit"
        aria-busy={invite.isPending}
        aria-disabled={invite.isPending}
        className={primaryButtonClass}
      >
        {invite.isPending && <ButtonSpinner />}
        {t('rooms.invite.submit')}
      </button>
    </form>
  );
}

/** Invite friends, show the join QR code, or copy the join link (docs/product.md#invite-dialog). */
export function InviteDialog({ room, onClose }: { room: Room; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const [showQr, setShowQr] = useState(false);

  const copyLink = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(joinLink(room));
      toast.success(t('rooms.linkCopied'));
    } catch {
      toast.error(t('rooms.linkCopyFailed'));
    }
  };

  return (
    <Dialog
      title={showQr ? t('rooms.invite.qrTitle') : t('rooms.invite.title')}
      onClose={onClose}
      headerAction={
        <button
          type="button"
          onClick={onClose}
          aria-label={t('rooms.invite.close')}
          className="-mr-2 inline-flex size-11 items-center justify-center rounded-full text-slate-600 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
        >
          <XMarkIcon aria-hidden="true" className="size-6" />
        </button>
      }
    >
      {showQr ? (
        <QrPanel room={room} onClose={() => setShowQr(false)} />
      ) : (
        <div className="flex min-h-0 flex-col gap-4 overflow-y-auto px-5 pt-2 pb-5">
          <InviteForm room={room} onDone={onClose} />
          <div className="flex items-center gap-3 text-xs font-medium text-slate-500">
            <span className="h-px flex-1 bg-slate-200" />
            {t('rooms.invite.orShare')}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <div className="flex gap-3">
            <button type="button" onClick={() => setShowQr(true)} className={secondaryButton}>
              <QrCodeIcon aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
              {t('rooms.invite.generateQr')}
            </button>
            <button type="button" onClick={() => void copyLink()} className={secondaryButton}>
              <ClipboardDocumentIcon
                aria-hidden="true"
                className="size-5 text-brand-700 dark:text-brand-300"
              />
              {t('rooms.invite.copyLink')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
