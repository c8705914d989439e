import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FormAlert } from '@/components/form/form-alert';
import { fieldIssues, topLevelFields } from '@/components/form/server-issues';
import { PasswordField } from '@/components/form/password-field';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { useSubmitGuard } from '@/components/form/use-submit-guard';
import { useAuth } from '@/hooks/use-auth';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { isApiError } from '@/lib/api-error';
import { isReturningVisitor } from '@/lib/returning-visitor';
import { lazyConfigQueryOptions } from '@/features/system/api/lazy-config';
import { AuthScreen, FooterLink, TextLink } from '../components/auth-screen';
import { GoogleButton } from '../components/google-button';
import { GuestClaimNote } from '../components/guest-claim-note';
import { Welcome } from '../components/welcome';
import { loginErrorMessage } from '../messages';
import { startVerifyAfterLogin } from '../verify-unverified';

interface LoginValues {
  username: string;
  password: string;
}

type LoginErrors = Partial<Record<keyof LoginValues, string>>;

// This is the screen most visitors see first, so its JavaScript stays small (apps/web/README.md): two required
// fields are validated here without a form library (react-hook-form alone would add 12 kB gzip), and the call
// (API client + zod) is loaded on demand.
const loadLoginCall = () => import('../api/login');

function validate(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (values.username.trim() === '') errors.username = translate('errors.validation.usernameRequired');
  if (values.password === '') errors.password = translate('errors.validation.passwordRequired');
  return errors;
}

/** Where a finished sign-up or password reset can pre-fill the username field from. */
function prefilledUsername(state: unknown): string {
  const value = (state as { username?: unknown } | null)?.username;
  return typeof value === 'string' ? value : '';
}

/** The welcome screen's "Log in" (and any link that means the form itself) asks for the form in the state. */
function wantsForm(state: unknown): boolean {
  return (state as { form?: unknown } | null)?.form === true || prefilledUsername(state) !== '';
}

/** /login: the welcome screen for a first-time visitor (issue #21), the login form for everyone else. */
export default function LoginPage() {
  const location = useLocation();
  // Read once: signing in from the form sets the flag, and the form must not turn into the welcome screen meanwhile.
  const [firstVisit] = useState(() => !isReturningVisitor());
  if (firstVisit && !wantsForm(location.state)) return <Welcome />;
  return <LoginForm />;
}

function LoginForm() {
  const t = useT();
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const guard = useSubmitGuard();
  const [serverError, setServerError] = useState<string | null>(null);
  const config = useQuery(lazyConfigQueryOptions());
  const googleAuthUrl = config.data?.googleAuthUrl ?? null;
  const [values, setValues] = useState<LoginValues>(() => ({
    username: prefilledUsername(location.state),
    password: '',
  }));
  const [errors, setErrors] = useState<LoginErrors>({});
  // Like react-hook-form's defaults: checked on submit, then again on every change.
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const usernameField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);

  function change(name: keyof LoginValues, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  }

  // Fetch the call's code while the user types.
  useEffect(() => {
    void loadLoginCall();
  }, []);

  const send = guard(async () => {
    setServerError(null);
    try {
      const { login } = await loadLoginCall();
      const { token } = await login({ username: values.username.trim(), password: values.password });
      // Signed in: the public-route guard takes the user on to the saved path, else home.
      await auth.login(token);
    } catch (error) {
      if (isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED') {
        const problem = await startVerifyAfterLogin(error, values.username);
        if (problem === null) await navigate('/otp', { state: { from: '/login' } });
        else setServerError(problem);
        return;
      }
      setServerError(loginErrorMessage(error));
      // A 400's issues also go to their fields (cleared by the next change, which checks the field again).
      setErrors(fieldIssues(error, topLevelFields('username', 'password')));
    }
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (found.username || found.password) {
      (found.username ? usernameField : passwordField).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await send();
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthScreen
      wordmark
      title={t('auth.login.title')}
      description={t('auth.login.description')}
      footer={<FooterLink message="auth.login.newToOuting" to="/signup" />}
    >
      <GuestClaimNote />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <FormAlert message={serverError} />
        <TextField
          label={t('auth.login.identifier')}
          placeholder={t('auth.login.usernamePlaceholder')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          name="username"
          ref={usernameField}
          value={values.username}
          onChange={(event) => change('username', event.target.value)}
          error={errors.username}
        />
        <div className="flex flex-col">
          <PasswordField
            label={t('auth.password')}
            autoComplete="current-password"
            name="password"
            ref={passwordField}
            value={values.password}
            onChange={(event) => change('password', event.target.value)}
            error={errors.password}
          />
          <div className="-mb-2 flex justify-end text-sm">
            <TextLink to="/password/forgot">{t('auth.login.forgotPassword')}</TextLink>
          </div>
        </div>
        <SubmitButton busy={isSubmitting}>{t('auth.logIn')}</SubmitButton>
      </form>

      {googleAuthUrl && (
        <div className="mt-6 flex flex-col gap-6">
          <div className="flex items-center gap-3 text-sm text-slate-500" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            {t('auth.login.or')}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <GoogleButton authUrl={googleAuthUrl} />
        </div>
      )}
    </AuthScreen>
  );
}
