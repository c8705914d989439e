import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { Spinner } from '@/components/spinner';
import { useAuth } from '@/hooks/use-auth';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { googleLogin } from '../api/google-login';
import { AuthScreen, FooterLink } from '../components/auth-screen';
import { forgetGoogleState, googleRedirectUri, isExpectedGoogleState } from '../google-sign-in';
import { googleLoginErrorMessage } from '../messages';

type Return = { ok: true; code: string } | { ok: false; message: string };

/** What the provider sent back: a code with the state this tab sent out, or why not to use it. */
function readReturn(params: URLSearchParams): Return {
  if (!isExpectedGoogleState(params.get('state')))
    return { ok: false, message: translate('auth.errors.googleStateMismatch') };
  const code = params.get('code');
  if (params.has('error') || !code) return { ok: false, message: translate('auth.errors.googleDenied') };
  return { ok: true, code };
}

/**
 * /auth/google/callback: the provider returns here with `code` and `state`. A state this tab did not send out is
 * refused without calling the server (it would be a forged sign-in). Otherwise the code is exchanged and the user
 * signed in; the public-route guard then takes them on to the saved path.
 */
export default function GoogleCallbackPage() {
  const t = useT();
  const auth = useAuth();
  const [params] = useSearchParams();
  const [returned] = useState(() => readReturn(params));
  const [error, setError] = useState<string | null>(returned.ok ? null : returned.message);
  const started = useRef(false);

  useEffect(() => {
    // Once per page load: a code is single use (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    forgetGoogleState();
    if (!returned.ok) return;
    googleLogin({ code: returned.code, redirectUri: googleRedirectUri() })
      .then(({ token }) => auth.login(token))
      .catch((failure: unknown) => setError(googleLoginErrorMessage(failure)));
  }, [auth, returned]);

  if (!error) {
    return (
      <div className="flex min-h-full flex-col items-center justify-center gap-4 px-6 text-center">
        <Spinner label={t('auth.google.signingIn')} className="size-10" />
        <p className="text-slate-600">{t('auth.google.signingInProgress')}</p>
      </div>
    );
  }
  return (
    <AuthScreen
      title={t('auth.google.title')}
      footer={<FooterLink message="auth.otp.backToLogin" to="/login" />}
    >
      <FormAlert message={error} />
    </AuthScreen>
  );
}
