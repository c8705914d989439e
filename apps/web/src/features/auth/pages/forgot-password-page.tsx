import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/form/form-alert';
import { placeFieldIssues, topLevelFields } from '../../../components/form/server-issues';
import { EmailField, validateEmail } from '../../../components/form/email-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useSubmitGuard } from '../../../components/form/use-submit-guard';
import { isApiError } from '../../../lib/api-error';
import { requestCode } from '../api/request-code';
import { AuthScreen, TextLink } from '../components/auth-screen';
import { accountErrorMessage } from '../messages';
import { resendAtAfter, saveOtpFlow } from '../otp-flow';

interface ForgotValues {
  email: string;
}

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const guard = useSubmitGuard();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotValues>({ defaultValues: { email: '' } });

  const onSubmit = guard(async ({ email: typed }: ForgotValues) => {
    setServerError(null);
    const email = typed.trim().toLowerCase();
    let resendAt: number;
    try {
      await requestCode({ email, purpose: 'reset-password' });
      resendAt = resendAtAfter(null);
    } catch (error) {
      // 429: a code went out moments ago and is still valid; the code screen shows how long until a new one.
      if (!isApiError(error) || error.status !== 429) {
        setServerError(accountErrorMessage(error));
        placeFieldIssues(error, topLevelFields('email'), setError);
        return;
      }
      resendAt = resendAtAfter(error.retryAfterSeconds);
    }
    saveOtpFlow({ email, purpose: 'reset-password', resendAt });
    await navigate('/otp', { state: { from: '/password/forgot' } });
  });

  return (
    <AuthScreen
      title="Forgot Password"
      description="Enter the email of your account and we will send you a code to choose a new password."
      footer={
        <p>
          Remembered it? <TextLink to="/login">Log in</TextLink>
        </p>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
        <FormAlert message={serverError} />
        <EmailField error={errors.email?.message} {...register('email', { validate: validateEmail })} />
        <div className="pt-2">
          <SubmitButton busy={isSubmitting}>Send code</SubmitButton>
        </div>
      </form>
    </AuthScreen>
  );
}
