import { useRef, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { PasswordField } from '@/components/form/password-field';
import { fieldIssues } from '@/components/form/server-issues';
import { ButtonSpinner } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { FormAlert } from '@/components/form/form-alert';
import { useAuth } from '@/hooks/use-auth';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { OTP_PATTERN } from '@/lib/validation';
import { deleteAccount, requestConfirmationCode } from '../api/account';
import { accountActionError } from '../lib/account-errors';
import { DeletionWarning } from './deletion-warning';

type Proof = 'password' | 'code';

/**
 * Deleting the account (docs/accounts.md): says what goes and what stays for the others (money history under
 * "Deleted user"), and asks for the password, or a mailed code for an account without one. Then this device is
 * signed out and shown the login screen.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const { user, endSignedOutSession } = useAuth();
  const [proof, setProof] = useState<Proof>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const sendCode = async () => {
    setSending(true);
    setFormError(null);
    try {
      setCodeSentTo(await requestConfirmationCode(user.id));
      setProof('code');
      setFieldError(null);
    } catch (error) {
      setFormError(accountActionError(error));
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    if (busy) return;
    setFormError(null);
    if (proof === 'password' && password === '') {
      setFieldError(t('settings.delete.passwordRequired'));
      return;
    }
    if (proof === 'code' && !OTP_PATTERN.test(code.trim())) {
      setFieldError(t('settings.delete.codeInvalid'));
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await deleteAccount(user.id, proof === 'password' ? { password } : { code: code.trim() });
    } catch (error) {
      setBusy(false);
      const issues = fieldIssues(error, (path) => (path === 'password' || path === 'code' ? 'proof' : null));
      if (issues.proof) setFieldError(issues.proof);
      else setFormError(accountActionError(error));
      return;
    }
    toast.success(t('settings.delete.deleted'));
    // The protected routes then show the login screen.
    endSignedOutSession();
  };

  return (
    <Dialog
      role="alertdialog"
      title={t('settings.delete.title')}
      description={
        <div className="flex flex-col gap-2">
          <p>{t('settings.delete.description')}</p>
          <p>{t('settings.delete.kept')}</p>
        </div>
      }
      onClose={onClose}
      dismissible={!busy}
      initialFocusRef={cancelRef}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="flex flex-col gap-4 px-5 pt-4 pb-5"
      >
        <DeletionWarning />
        <FormAlert message={formError} />
        {proof === 'password' ? (
          <>
            <PasswordField
              label={t('settings.delete.password')}
              autoComplete="current-password"
              hint={t('settings.delete.passwordHint')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={fieldError ?? undefined}
            />
            <button
              type="button"
              onClick={() => void sendCode()}
              disabled={sending}
              aria-busy={sending}
              className="self-start rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:text-brand-300 dark:focus-visible:outline-brand-400"
            >
              {t('settings.delete.useCode')}
            </button>
          </>
        ) : (
          <TextField
            label={t('settings.delete.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            hint={t('settings.delete.codeHint', { email: codeSentTo ?? '' })}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={fieldError ?? undefined}
          />
        )}
        <div className="flex flex-col-reverse gap-3 min-[360px]:flex-row min-[360px]:justify-end">
          <button
            ref={cancelRef}
            type="button"
            onClick={onClose}
            disabled={busy}
            className="inline-flex min-h-12 flex-1 items-center justify-center rounded-full bg-surface px-5 text-base font-semibold text-slate-800 ring-1 ring-slate-300 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:focus-visible:outline-brand-400"
          >
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            aria-disabled={busy}
            aria-busy={busy}
            className="inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-full bg-red-700 px-5 text-base font-semibold text-white transition hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-80 dark:focus-visible:outline-red-400"
          >
            {busy && <ButtonSpinner />}
            {t('settings.delete.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
