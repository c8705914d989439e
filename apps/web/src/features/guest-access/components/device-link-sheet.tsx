import { useId, useState } from 'react';
import { ArrowPathIcon, ClipboardDocumentIcon } from '@heroicons/react/24/outline';
import { Dialog, DialogCloseButton } from '@/components/dialog';
import { FormAlert } from '@/components/form/form-alert';
import { ButtonSpinner, primaryButtonClass } from '@/components/form/submit-button';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/hooks/use-toast';
import { genericErrorMessage } from '@/lib/api-error';
import { useT } from '@/lib/i18n/use-t';
import { LinkPanel } from './link-panel';
import { useDeviceLink, useNewDeviceLink, useTurnOffDeviceLink } from '../api/device-link';
import { useCopy } from './share-sheet';

const quietButton =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-1 text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 aria-disabled:cursor-wait dark:text-brand-300 dark:focus-visible:outline-brand-400';

/**
 * A guest's personal link (docs/guests.md): opens the same guest on another device. Made on demand, shown again
 * while it is on; a new one stops the one before, and it can be turned off. Whoever holds it acts as the guest in
 * this outing: the sheet says so.
 */
export function DeviceLinkSheet({ name, onClose }: { name: string; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const copy = useCopy();
  const link = useDeviceLink();
  const make = useNewDeviceLink();
  const turnOff = useTurnOffDeviceLink();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const busy = make.isPending || turnOff.isPending;
  const onError = () => setError(genericErrorMessage());

  const newLink = (rotate: boolean) => {
    if (busy) return;
    setError(null);
    make.mutate(undefined, {
      onSuccess: () => {
        if (rotate) toast.success(t('guests.device.rotated'));
      },
      onError,
    });
  };
  const off = () => {
    if (busy) return;
    setError(null);
    turnOff.mutate(undefined, { onSuccess: () => toast.success(t('guests.device.turnedOff')), onError });
  };

  return (
    <Dialog
      title={t('guests.device.title')}
      description={t('guests.device.description', { name })}
      onClose={onClose}
      headerAction={<DialogCloseButton onClose={onClose} />}
    >
      <div className="flex min-h-0 flex-col gap-4 overflow-y-auto px-5 pt-2 pb-6">
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-200 dark:ring-amber-800">
          {t('guests.device.warning')}
        </p>
        {link.isPending && (
          <div className="flex justify-center py-4">
            <Spinner label={t('guests.device.loading')} className="size-8" />
          </div>
        )}
        {link.isError && <FormAlert message={t('guests.device.loadFailed')} />}
        {link.isError && (
          <button type="button" onClick={() => void link.refetch()} className={quietButton}>
            {t('guests.device.tryAgain')}
          </button>
        )}
        {link.isSuccess && link.data === null && (
          <button
            type="button"
            onClick={() => newLink(false)}
            aria-busy={busy}
            disabled={busy}
            className={primaryButtonClass}
          >
            {busy && <ButtonSpinner />}
            {t('guests.device.create')}
          </button>
        )}
        {link.isSuccess && link.data && (
          <LinkPanel url={link.data.url} label={t('guests.device.urlLabel')} testId="device-link-url">
            <button type="button" onClick={() => void copy(link.data!.url)} className={primaryButtonClass}>
              <ClipboardDocumentIcon aria-hidden="true" className="size-5" />
              {t('guests.device.copy')}
            </button>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <button
                type="button"
                onClick={() => newLink(true)}
                aria-disabled={busy}
                aria-describedby={`${id}-rotate`}
                className={quietButton}
              >
                <ArrowPathIcon aria-hidden="true" className="size-4" />
                {t('guests.device.rotate')}
              </button>
              <button type="button" onClick={off} aria-disabled={busy} className={quietButton}>
                {t('guests.device.turnOff')}
              </button>
            </div>
            <p id={`${id}-rotate`} className="-mt-2 px-1 text-xs text-slate-500">
              {t('guests.device.rotateHint')}
            </p>
          </LinkPanel>
        )}
        <FormAlert message={error} />
      </div>
    </Dialog>
  );
}
