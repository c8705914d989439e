import { useId, useState } from 'react';
import { ArrowPathIcon, ClipboardDocumentIcon, ShareIcon } from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { Dialog, DialogCloseButton } from '@/components/dialog';
import { FormAlert } from '@/components/form/form-alert';
import { ButtonSpinner } from '@/components/form/submit-button';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/hooks/use-toast';
import { isApiError, refusalText } from '@/lib/api-error';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { LinkPanel } from './link-panel';
import { useGuestLink, useTurnOffGuestLink, useTurnOnGuestLink } from '../api/guest-link';

const secondaryButton =
  'inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-full bg-surface px-4 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-slate-100';
const iconClass = 'size-5 shrink-0 text-brand-700 dark:text-brand-300';

/** A refused change of the link in the interface's language: the server's reason (a closed room), else generic. */
function guestLinkErrorMessage(error: unknown): string {
  if (isApiError(error) && error.reason) return refusalText(error, () => translate('plans.guestLink.failed'));
  return translate('plans.guestLink.failed');
}

/** Copies `url`, and says so (or shows the link when the clipboard refuses). */
export function useCopy() {
  const t = useT();
  const toast = useToast();
  return async (url: string) => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      toast.success(t('plans.linkCopied'));
    } catch {
      toast.error(t('plans.copyFailed', { url }));
    }
  };
}

/** What is shared: a title, a line of text and the link. */
export interface ShareData {
  title: string;
  text: string;
  url: string;
}

interface ShareSheetProps {
  room: Room;
  /** The room's link as shared by "Share…" (features/plans' shareData). */
  roomShare: ShareData;
  /** The device's share sheet, else copying (features/plans' useShare). */
  share: (data: ShareData) => Promise<void>;
  onClose: () => void;
}

/**
 * The host's share sheet (issue 35): the room's link (the device's share sheet, or copy), and the guest link, turned
 * on and off with a switch; when on, its `/g/…` url with Copy and Share (docs/api/README.md#guests).
 */
export function ShareSheet({ room, roomShare, share, onClose }: ShareSheetProps) {
  const t = useT();
  const copy = useCopy();
  const hintId = useId();
  return (
    <Dialog
      title={t('plans.shareSheet.title')}
      onClose={onClose}
      headerAction={<DialogCloseButton onClose={onClose} />}
    >
      <div className="flex min-h-0 flex-col gap-5 overflow-y-auto px-5 pt-2 pb-6">
        <section aria-labelledby={`${hintId}-room`} className="flex flex-col gap-3">
          <div>
            <h3 id={`${hintId}-room`} className="text-base font-semibold text-slate-900">
              {t('plans.shareSheet.roomLink')}
            </h3>
            <p className="text-sm text-slate-600">{t('plans.shareSheet.roomLinkHint')}</p>
          </div>
          <div className="flex gap-3">
            <button type="button" onClick={() => void share(roomShare)} className={secondaryButton}>
              <ShareIcon aria-hidden="true" className={iconClass} />
              {t('plans.shareSheet.share')}
            </button>
            <button type="button" onClick={() => void copy(room.url)} className={secondaryButton}>
              <ClipboardDocumentIcon aria-hidden="true" className={iconClass} />
              {t('plans.shareSheet.copy')}
            </button>
          </div>
        </section>
        <div aria-hidden="true" className="h-px bg-slate-200" />
        <GuestLinkSection room={room} copy={copy} share={share} />
      </div>
    </Dialog>
  );
}

function GuestLinkSection({
  room,
  copy,
  share,
}: {
  room: Room;
  copy: (url: string) => Promise<void>;
  share: (data: ShareData) => Promise<void>;
}) {
  const t = useT();
  const toast = useToast();
  const link = useGuestLink(room.id);
  const turnOn = useTurnOnGuestLink(room.id);
  const turnOff = useTurnOffGuestLink(room.id);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const busy = turnOn.isPending || turnOff.isPending;

  const setOn = (on: boolean, rotate = false) => {
    if (busy) return;
    setError(null);
    const onError = (e: unknown) => setError(guestLinkErrorMessage(e));
    if (on) {
      turnOn.mutate(undefined, {
        onSuccess: () => toast.success(t(rotate ? 'plans.guestLink.rotated' : 'plans.guestLink.turnedOn')),
        onError,
      });
    } else {
      turnOff.mutate(undefined, { onSuccess: () => toast.success(t('plans.guestLink.turnedOff')), onError });
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h3 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        {t('plans.guestLink.heading')}
      </h3>
      {link.isPending && (
        <div className="flex justify-center py-4">
          <Spinner label={t('plans.guestLink.loading')} className="size-8" />
        </div>
      )}
      {link.isError && (
        <div
          role="alert"
          className="flex flex-col items-center gap-1 rounded-xl bg-red-50 px-4 py-3 text-center text-sm text-red-800 ring-1 ring-red-200 dark:bg-red-950/40 dark:text-red-300 dark:ring-red-800"
        >
          {t('plans.guestLink.loadFailed')}
          <button
            type="button"
            onClick={() => void link.refetch()}
            className="inline-flex min-h-11 items-center font-semibold underline"
          >
            {t('plans.guestLink.tryAgain')}
          </button>
        </div>
      )}
      {link.isSuccess && (
        <>
          <div className="flex items-center gap-3">
            <div className="min-w-0 flex-1">
              <label htmlFor={`${id}-switch`} className="block text-base font-medium text-slate-800">
                {t('plans.guestLink.switch')}
              </label>
              <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
                {t(link.data ? 'plans.guestLink.onHint' : 'plans.guestLink.offHint')}
              </p>
            </div>
            <button
              id={`${id}-switch`}
              type="button"
              role="switch"
              aria-checked={link.data !== null}
              aria-describedby={`${id}-hint`}
              aria-busy={busy}
              aria-disabled={busy}
              onClick={() => setOn(link.data === null)}
              className="group relative inline-flex h-11 w-14 shrink-0 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:cursor-wait dark:focus-visible:outline-brand-400"
            >
              <span
                aria-hidden="true"
                className="h-7 w-12 rounded-full bg-slate-400 transition group-aria-checked:bg-brand-600 group-aria-disabled:opacity-60"
              />
              <span
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-2 flex size-5 -translate-y-1/2 items-center justify-center rounded-full bg-white shadow transition group-aria-checked:translate-x-5"
              >
                {busy && <ButtonSpinner className="size-3.5 text-brand-700" />}
              </span>
            </button>
          </div>
          {link.data && (
            <LinkPanel url={link.data.url} label={t('plans.guestLink.urlLabel')} testId="guest-link-url">
              <div className="flex gap-3">
                <button
                  type="button"
                  aria-label={t('plans.guestLink.copyLabel')}
                  onClick={() => void copy(link.data!.url)}
                  className={secondaryButton}
                >
                  <ClipboardDocumentIcon aria-hidden="true" className={iconClass} />
                  {t('plans.guestLink.copy')}
                </button>
                <button
                  type="button"
                  aria-label={t('plans.guestLink.shareLabel')}
                  onClick={() =>
                    void share({
                      title: room.name,
                      text: t('plans.guestLink.shareText', { name: room.name }),
                      url: link.data!.url,
                    })
                  }
                  className={secondaryButton}
                >
                  <ShareIcon aria-hidden="true" className={iconClass} />
                  {t('plans.guestLink.share')}
                </button>
              </div>
              <div className="flex flex-wrap items-center gap-x-2 border-t border-slate-200 pt-1">
                <button
                  type="button"
                  onClick={() => setOn(true, true)}
                  aria-disabled={busy}
                  aria-describedby={`${id}-rotate`}
                  className="-ml-1 inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-1 text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300 dark:focus-visible:outline-brand-400"
                >
                  <ArrowPathIcon aria-hidden="true" className="size-4" />
                  {t('plans.guestLink.rotate')}
                </button>
                <p id={`${id}-rotate`} className="min-w-0 flex-1 text-xs text-slate-500">
                  {t('plans.guestLink.rotateHint')}
                </p>
              </div>
            </LinkPanel>
          )}
          <FormAlert message={error} />
        </>
      )}
    </section>
  );
}
