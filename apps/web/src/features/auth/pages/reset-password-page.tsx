import { useLocation } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { topLevelFields } from '@/components/form/server-issues';
import { ServerFormShell } from '@/components/form/server-form-shell';
import { useServerForm } from '@/components/form/use-server-form';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { useToast } from '@/hooks/use-toast';
import { useI18n, useT } from '@/lib/i18n/use-t';
import { resetPassword } from '../api/reset-password';
import { AuthScreen, EmailLine, FooterLink, TextLink } from '../components/auth-screen';
import { NewPasswordFields, type NewPasswordValues } from '../components/new-password-fields';
import { accountErrorMessage } from '../messages';

interface ResetGrant {
  email: string;
  resetToken: string;
}

/** The code screen passes the email and the reset token in navigation state: never in the URL. */
function resetGrant(state: unknown): ResetGrant | null {
  const { email, resetToken } = (state ?? {}) as Partial<Record<keyof ResetGrant, unknown>>;
  if (typeof email !== 'string' || !email || typeof resetToken !== 'string' || !resetToken) return null;
  return { email, resetToken };
}

export default function ResetPasswordPage() {
  const t = useT();
  const location = useLocation();
  const grant = resetGrant(location.state);
  if (!grant) {
    return (
      <AuthScreen title={t('auth.reset.title')} footer={<BackToLogin />}>
        <FormAlert message={t('auth.errors.resetExpired')} />
        <p className="mt-4 text-center text-sm text-slate-600">
          <TextLink to="/password/forgot">{t('auth.reset.sendNewCode')}</TextLink>
        </p>
      </AuthScreen>
    );
  }
  return <ResetForm grant={grant} />;
}

function BackToLogin() {
  return <FooterLink message="auth.forgot.remembered" to="/login" />;
}

function ResetForm({ grant }: { grant: ResetGrant }) {
  const { t, tRich } = useI18n();
  const toast = useToast();
  const navigateLater = useDelayedNavigate();
  const { form, serverError, refuse, submit } = useServerForm<NewPasswordValues>({
    password: '',
    confirmPassword: '',
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = submit(async ({ password }) => {
    try {
      await resetPassword({ email: grant.email, password, resetToken: grant.resetToken });
    } catch (error) {
      refuse(error, accountErrorMessage(error), topLevelFields('password'));
      return;
    }
    toast.success(t('auth.success.passwordReset'));
    await navigateLater('/login', { replace: true, state: { username: grant.email } });
  });

  return (
    <AuthScreen
      title={t('auth.reset.title')}
      description={tRich('auth.reset.description', {
        email: grant.email,
        line: () => <EmailLine key="email" email={grant.email} />,
      })}
      footer={<BackToLogin />}
    >
      <ServerFormShell
        onSubmit={onSubmit}
        serverError={serverError}
        busy={isSubmitting}
        submitLabel={t('auth.reset.submit')}
      >
        <NewPasswordFields
          register={register}
          errors={errors}
          label={t('auth.reset.newPassword')}
          confirmLabel={t('auth.reset.confirmNewPassword')}
        />
      </ServerFormShell>
    </AuthScreen>
  );
}
