import { useRef, useState } from 'react';
import { ArrowDownTrayIcon, ArrowRightStartOnRectangleIcon, TrashIcon } from '@heroicons/react/24/outline';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ButtonSpinner } from '@/components/form/submit-button';
import { useAuth } from '@/hooks/use-auth';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { saveBlob } from '@/lib/download';
import { downloadExport, exportFileName, signOutEverywhere } from '../api/account';
import { accountActionError } from '../lib/account-errors';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SettingsCard } from './settings-card';

const rowClass =
  'flex min-h-14 w-full items-center gap-3 rounded-xl px-3 py-2 text-left transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-busy:cursor-wait dark:focus-visible:outline-brand-400';

/** Password, signing out everywhere, the data export and deleting the account (docs/accounts.md). */
export function AccountSection() {
  const t = useT();
  return (
    <SettingsCard title={t('settings.account.heading')}>
      <ChangePasswordForm />
      <div className="flex flex-col gap-1 border-t border-slate-200 pt-3">
        <DownloadDataRow />
        <SignOutEverywhereRow />
        <DeleteAccountRow />
      </div>
    </SettingsCard>
  );
}

function RowText({ title, hint, danger = false }: { title: string; hint: string; danger?: boolean }) {
  return (
    <span className="min-w-0 flex-1">
      <span className={`block font-semibold ${danger ? 'text-red-700 dark:text-red-300' : 'text-slate-900'}`}>
        {title}
      </span>
      <span className="block text-sm text-slate-600">{hint}</span>
    </span>
  );
}

function DownloadDataRow() {
  const t = useT();
  const toast = useToast();
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const blob = await downloadExport(user.id);
      saveBlob(blob, exportFileName(user.username));
      toast.success(t('settings.export.done'));
    } catch (error) {
      toast.error(t('settings.export.failed', { reason: accountActionError(error) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={rowClass} onClick={() => void download()} aria-busy={busy}>
      {busy ? (
        <ButtonSpinner className="text-brand-700 dark:text-brand-300" />
      ) : (
        <ArrowDownTrayIcon aria-hidden="true" className="size-5 text-slate-500" />
      )}
      <RowText title={t('settings.export.button')} hint={t('settings.export.hint')} />
    </button>
  );
}

function SignOutEverywhereRow() {
  const t = useT();
  const toast = useToast();
  const { endSignedOutSession } = useAuth();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const rowRef = useRef<HTMLButtonElement>(null);
  const confirm = async () => {
    setBusy(true);
    try {
      await signOutEverywhere();
    } catch (error) {
      setBusy(false);
      toast.error(t('settings.everywhere.failed', { reason: accountActionError(error) }));
      return;
    }
    toast.success(t('settings.everywhere.done'));
    endSignedOutSession();
  };
  return (
    <>
      <button ref={rowRef} type="button" className={rowClass} onClick={() => setOpen(true)}>
        <ArrowRightStartOnRectangleIcon aria-hidden="true" className="size-5 text-slate-500" />
        <RowText title={t('settings.everywhere.button')} hint={t('settings.everywhere.hint')} />
      </button>
      {open && (
        <ConfirmDialog
          title={t('settings.everywhere.title')}
          description={t('settings.everywhere.description')}
          confirmLabel={t('settings.everywhere.confirm')}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setOpen(false)}
          fallbackFocusRef={rowRef}
        />
      )}
    </>
  );
}

function DeleteAccountRow() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={rowClass} onClick={() => setOpen(true)}>
        <TrashIcon aria-hidden="true" className="size-5 text-red-700 dark:text-red-300" />
        <RowText title={t('settings.delete.button')} hint={t('settings.delete.hint')} danger />
      </button>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </>
  );
}
