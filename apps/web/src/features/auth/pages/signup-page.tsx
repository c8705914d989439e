import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/form/form-alert';
import { placeFieldIssues, topLevelFields } from '../../../components/form/server-issues';
import { EmailField, validateEmail } from '../../../components/form/email-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useSubmitGuard } from '../../../components/form/use-submit-guard';
import { usernameProblem } from '../../../lib/validation';
import { signup } from '../api/signup';
import { AuthScreen, TextLink } from '../components/auth-screen';
import { NewPasswordFields, type NewPasswordValues } from '../components/new-password-fields';
import { signupErrorMessage } from '../messages';
import { resendAtAfter, saveOtpFlow } from '../otp-flow';

interface SignupValues extends NewPasswordValues {
  username: string;
  email: string;
}

export default function SignupPage() {
  const navigate = useNavigate();
  const guard = useSubmitGuard();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupValues>({
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = guard(async (values: SignupValues) => {
    setServerError(null);
    const email = values.email.trim().toLowerCase();
    try {
      await signup({ username: values.username.trim(), email, password: values.password });
    } catch (error) {
      setServerError(signupErrorMessage(error));
      // A 400's issues also go to their fields, so that the person sees which value to fix.
      placeFieldIssues(error, topLevelFields('username', 'email', 'password'), setError);
      return;
    }
    // The server mailed a code: the code screen verifies the email, then the user logs in.
    saveOtpFlow({ email, purpose: 'verify-email', resendAt: resendAtAfter(null) });
    await navigate('/otp', { state: { from: '/signup' } });
  });

  return (
    <AuthScreen
      title="Sign Up"
      description="Create your account. We will email you a code to confirm your address."
      footer={
        <p>
          Already have an account? <TextLink to="/login">Log in</TextLink>
        </p>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
        <FormAlert message={serverError} />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="3–30 letters, digits, _ or ."
          error={errors.username?.message}
          {...register('username', { validate: (value) => usernameProblem(value) ?? true })}
        />
        <EmailField error={errors.email?.message} {...register('email', { validate: validateEmail })} />
        <NewPasswordFields
          register={register}
          errors={errors}
          label="Password"
          confirmLabel="Confirm password"
        />
        <div className="pt-2">
          <SubmitButton busy={isSubmitting}>Sign up</SubmitButton>
        </div>
      </form>
    </AuthScreen>
  );
}
