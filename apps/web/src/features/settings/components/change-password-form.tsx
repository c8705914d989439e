import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FormAlert } from '@/components/form/form-alert';
import { PasswordField } from '@/components/form/password-field';
import { fieldIssues, topLevelFields } from '@/components/form/server-issues';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { useServerForm } from '@/components/form/use-server-form';
import { useAuth } from '@/hooks/use-auth';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { OTP_PATTERN, passwordProblem, PASSWORD_MIN_LENGTH } from '@/lib/validation';
import { whileTokenChanges } from '@/lib/session-events';
import { changePassword, requestConfirmationCode } from '../api/account';
import { settingsKeys } from '@/lib/query-keys';
import { accountActionError } from '../lib/account-errors';

interface ChangePasswordValues {
  currentPassword: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

const fieldFor = topLevelFields<keyof ChangePasswordValues>('currentPassword', 'code', 'newPassword');

/**
 * Change password (docs/accounts.md): the current password proves it is the owner; on success this device keeps
 * its session with the new token and every other device is signed out. A refusal is shown on the field it is
 * about, and nothing typed is cleared.
 */
export function ChangePasswordForm() {
  const t = useT();
  const toast = useToast();
  const { user, replaceToken } = useAuth();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  // An account without a password (Google sign-in) proves it is theirs with a mailed code instead.
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { form, serverError, refuse, submit } = useServerForm<ChangePasswordValues>({
    currentPassword: '',
    code: '',
    newPassword: '',
    confirmPassword: '',
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const sendCode = async () => {
    setSending(true);
    try {
      setCodeSentTo(await requestConfirmationCode(user.id));
      form.clearErrors('currentPassword');
    } catch (error) {
      toast.error(t('settings.password.codeFailed', { reason: accountActionError(error) }));
    } finally {
      setSending(false);
    }
  };

  const onSubmit = submit(async ({ currentPassword, code, newPassword }) => {
    setDone(false);
    try {
      // The new token is stored before a socket closed by the change may check the session (session-events.ts).
      await whileTokenChanges(
        changePassword(
          user.id,
          codeSentTo === null ? { currentPassword, newPassword } : { code: code.trim(), newPassword },
        ).then((token) => replaceToken(token)),
      );
    } catch (error) {
      // A refusal about a field is said under that field only; anything else above the form.
      const placed = Object.keys(fieldIssues(error, fieldFor)).length > 0;
      refuse(error, placed ? '' : accountActionError(error), fieldFor);
      return;
    }
    // The server turned the calendar link off with the old sessions: Settings › Calendar reads it again.
    void queryClient.invalidateQueries({ queryKey: settingsKeys.calendarFeed(user.id) });
    reset();
    setCodeSentTo(null);
    setDone(true);
    toast.success(t('settings.password.changed'));
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <h3 className="font-semibold text-slate-900">{t('settings.password.heading')}</h3>
      <FormAlert message={serverError} />
      {codeSentTo === null ? (
        <>
          <PasswordField
            key="currentPassword"
            label={t('settings.password.current')}
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword', {
              validate: (value) => value !== '' || t('settings.password.currentRequired'),
            })}
          />
          <button
            type="button"
            onClick={() => void sendCode()}
            disabled={sending}
            aria-busy={sending}
            className="-mt-2 self-start rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:text-brand-300 dark:focus-visible:outline-brand-400"
          >
            {t('settings.password.useCode')}
          </button>
        </>
      ) : (
        <TextField
          key="code"
          label={t('settings.delete.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          hint={t('settings.delete.codeHint', { email: codeSentTo })}
          error={errors.code?.message}
          {...register('code', {
            validate: (value) => OTP_PATTERN.test(value.trim()) || t('settings.delete.codeInvalid'),
          })}
        />
      )}
      <PasswordField
        label={t('settings.password.new')}
        autoComplete="new-password"
        hint={t('auth.newPassword.hint', { min: PASSWORD_MIN_LENGTH })}
        error={errors.newPassword?.message}
        {...register('newPassword', {
          validate: (value) => passwordProblem(value) ?? true,
          deps: ['confirmPassword'],
        })}
      />
      <PasswordField
        label={t('settings.password.confirm')}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword', {
          validate: (value, all) =>
            (value !== '' && value === all.newPassword) || t('errors.validation.passwordsDiffer'),
        })}
      />
      <div aria-live="polite">
        {done && (
          <p className="rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200 dark:bg-emerald-950/40 dark:text-emerald-300 dark:ring-emerald-800">
            {t('settings.password.changedNote')}
          </p>
        )}
      </div>
      <SubmitButton busy={isSubmitting}>{t('settings.password.submit')}</SubmitButton>
    </form>
  );
}
