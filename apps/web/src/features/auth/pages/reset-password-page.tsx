import { useLocation } from 'react-router';
import { FormAlert } from '../../../components/form/form-alert';
import { topLevelFields } from '../../../components/form/server-issues';
import { ServerFormShell } from '../../../components/form/server-form-shell';
import { useServerForm } from '../../../components/form/use-server-form';
import { useDelayedNavigate } from '../../../hooks/use-delayed-navigate';
import { useToast } from '../../../hooks/use-toast';
import { resetPassword } from '../api/reset-password';
import { AuthScreen, EmailLine, TextLink } from '../components/auth-screen';
import { NewPasswordFields, type NewPasswordValues } from '../components/new-password-fields';
import { AUTH_SUCCESS, RESET_ERRORS, accountErrorMessage } from '../messages';

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

const TITLE = 'Reset Password';

export default function ResetPasswordPage() {
  const location = useLocation();
  const grant = resetGrant(location.state);
  if (!grant) {
    return (
      <AuthScreen title={TITLE} footer={<BackToLogin />}>
        <FormAlert message={RESET_ERRORS.missingGrant} />
        <p className="mt-4 text-center text-sm text-slate-600">
          <TextLink to="/password/forgot">Send me a new code</TextLink>
        </p>
      </AuthScreen>
    );
  }
  return <ResetForm grant={grant} />;
}

function BackToLogin() {
  return (
    <p>
      Remembered it? <TextLink to="/login">Log in</TextLink>
    </p>
  );
}

function ResetForm({ grant }: { grant: ResetGrant }) {
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
    toast.success(AUTH_SUCCESS.passwordReset);
    await navigateLater('/login', { replace: true, state: { username: grant.email } });
  });

  return (
    <AuthScreen
      title={TITLE}
      description={
        <>
          Choose a new password for
          <EmailLine email={grant.email} />
        </>
      }
      footer={<BackToLogin />}
    >
      <ServerFormShell
        onSubmit={onSubmit}
        serverError={serverError}
        busy={isSubmitting}
        submitLabel="Reset password"
      >
        <NewPasswordFields
          register={register}
          errors={errors}
          label="New password"
          confirmLabel="Confirm new password"
        />
      </ServerFormShell>
    </AuthScreen>
  );
}
