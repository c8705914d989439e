import { useNavigate } from 'react-router';
import { topLevelFields } from '@/components/form/server-issues';
import { EmailField, validateEmail } from '@/components/form/email-field';
import { ServerFormShell } from '@/components/form/server-form-shell';
import { useServerForm } from '@/components/form/use-server-form';
import { useT } from '@/lib/i18n/use-t';
import { isApiError } from '@/lib/api-error';
import { requestCode } from '../api/request-code';
import { AuthScreen, FooterLink } from '../components/auth-screen';
import { accountErrorMessage } from '../messages';
import { resendAtAfter, saveOtpFlow } from '../otp-flow';

interface ForgotValues {
  email: string;
}

export default function ForgotPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const { form, serverError, refuse, submit } = useServerForm<ForgotValues>({ email: '' });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = submit(async ({ email: typed }) => {
    const email = typed.trim().toLowerCase();
    let resendAt: number;
    try {
      await requestCode({ email, purpose: 'reset-password' });
      resendAt = resendAtAfter(null);
    } catch (error) {
      // 429: a code went out moments ago and is still valid; the code screen shows how long until a new one.
      if (!isApiError(error) || error.status !== 429) {
        refuse(error, accountErrorMessage(error), topLevelFields('email'));
        return;
      }
      resendAt = resendAtAfter(error.retryAfterSeconds);
    }
    saveOtpFlow({ email, purpose: 'reset-password', resendAt });
    await navigate('/otp', { state: { from: '/password/forgot' } });
  });

  return (
    <AuthScreen
      title={t('auth.forgot.title')}
      description={t('auth.forgot.description')}
      footer={<FooterLink message="auth.forgot.remembered" to="/login" />}
    >
      <ServerFormShell
        onSubmit={onSubmit}
        serverError={serverError}
        busy={isSubmitting}
        submitLabel={t('auth.forgot.submit')}
      >
        <EmailField error={errors.email?.message} {...register('email', { validate: validateEmail })} />
      </ServerFormShell>
    </AuthScreen>
  );
}
