import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { topLevelFields } from '@/components/form/server-issues';
import { EmailField, validateEmail } from '@/components/form/email-field';
import { ServerFormShell } from '@/components/form/server-form-shell';
import { TextField } from '@/components/form/text-field';
import { useServerForm } from '@/components/form/use-server-form';
import { useT } from '@/lib/i18n/use-t';
import { markReturningVisitor } from '@/lib/returning-visitor';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, usernameProblem } from '@/lib/validation';
import { inviterQueryOptions } from '../api/get-inviter';
import { signup } from '../api/signup';
import { AuthScreen, FooterLink } from '../components/auth-screen';
import { GuestClaimNote } from '../components/guest-claim-note';
import { NewPasswordFields, type NewPasswordValues } from '../components/new-password-fields';
import { signupErrorMessage } from '../messages';
import { resendAtAfter, saveOtpFlow } from '../otp-flow';
import { personName } from '@/lib/person-name';

interface SignupValues extends NewPasswordValues {
  username: string;
  email: string;
}

export default function SignupPage() {
  const t = useT();
  const navigate = useNavigate();
  // A personal invite link (`/signup?invite=…`, or `/invite/…` leading here): the code goes with the sign-up, and
  // the server sends the inviter's friend request once the email is verified. An unknown code is simply ignored.
  const [search] = useSearchParams();
  const inviteCode = search.get('invite')?.trim() || undefined;
  const inviter = useQuery({ ...inviterQueryOptions(inviteCode ?? ''), enabled: inviteCode !== undefined });
  const { form, serverError, refuse, submit } = useServerForm<SignupValues>({
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = submit(async (values) => {
    const email = values.email.trim().toLowerCase();
    try {
      await signup({
        username: values.username.trim(),
        email,
        password: values.password,
        ...(inviteCode ? { inviteCode } : {}),
      });
    } catch (error) {
      // A 400's issues also go to their fields, so that the person sees which value to fix.
      refuse(error, signupErrorMessage(error), topLevelFields('username', 'email', 'password'));
      return;
    }
    markReturningVisitor();
    // The server mailed a code: the code screen verifies the email, which signs the user in.
    saveOtpFlow({ email, purpose: 'verify-email', resendAt: resendAtAfter(null) });
    await navigate('/otp', { state: { from: '/signup' } });
  });

  return (
    <AuthScreen
      title={t('auth.signup.title')}
      description={t('auth.signup.description')}
      footer={<FooterLink message="auth.signup.haveAccount" to="/login" />}
    >
      {inviter.data && (
        <p className="mb-5 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:bg-brand-950/40 dark:text-brand-200">
          {t('friends.invite.signupBanner', { name: personName(inviter.data) })}
        </p>
      )}
      <GuestClaimNote />
      <ServerFormShell
        onSubmit={onSubmit}
        serverError={serverError}
        busy={isSubmitting}
        submitLabel={t('auth.signup.submit')}
      >
        <TextField
          label={t('auth.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={USERNAME_MAX_LENGTH}
          hint={t('auth.signup.usernameHint', { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH })}
          error={errors.username?.message}
          {...register('username', { validate: (value) => usernameProblem(value) ?? true })}
        />
        <EmailField error={errors.email?.message} {...register('email', { validate: validateEmail })} />
        <NewPasswordFields
          register={register}
          errors={errors}
          label={t('auth.password')}
          confirmLabel={t('auth.confirmPassword')}
        />
      </ServerFormShell>
    </AuthScreen>
  );
}
