import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FieldError } from '@/components/form/text-field';
import { FormAlert } from '@/components/form/form-alert';
import { fieldIssues, topLevelFields } from '@/components/form/server-issues';
import { SubmitButton } from '@/components/form/submit-button';
import { useSubmitGuard } from '@/components/form/use-submit-guard';
import { useAuth } from '@/hooks/use-auth';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { useToast } from '@/hooks/use-toast';
import { useI18n } from '@/lib/i18n/use-t';
import { isApiError } from '@/lib/api-error';
import { OTP_PATTERN } from '@/lib/validation';
import { requestCode } from '../api/request-code';
import { verifyCode } from '../api/verify-code';
import { AuthScreen, EmailLine, FooterLink, TextLink } from '../components/auth-screen';
import { OtpInput, emptyCode, type OtpInputHandle } from '../components/otp-input';
import { ResendCode } from '../components/resend-code';
import { requestCodeErrorMessage, verifyErrorMessage } from '../messages';
import { clearOtpFlow, readOtpFlow, resendAtAfter, saveOtpFlow, type OtpFlow } from '../otp-flow';

export default function OtpPage() {
  const { t, tRich } = useI18n();
  // The flow comes from sessionStorage, so a reload keeps it (see otp-flow.ts).
  const [flow] = useState(readOtpFlow);
  if (!flow) {
    return (
      <AuthScreen title={t('auth.otp.title')} footer={<LoginLink />}>
        <FormAlert message={t('errors.validation.otpEmailMissing')} />
        <p className="mt-4 text-center text-sm text-slate-600">
          {tRich('auth.otp.startAgain', {
            signup: (chunks) => (
              <TextLink key="signup" to="/signup">
                {chunks}
              </TextLink>
            ),
            forgot: (chunks) => (
              <TextLink key="forgot" to="/password/forgot">
                {chunks}
              </TextLink>
            ),
          })}
        </p>
      </AuthScreen>
    );
  }
  return <OtpForm initialFlow={flow} />;
}

function LoginLink() {
  return <FooterLink message="auth.otp.backToLogin" to="/login" />;
}

function OtpForm({ initialFlow }: { initialFlow: OtpFlow }) {
  const { t, tRich } = useI18n();
  const auth = useAuth();
  const toast = useToast();
  const guard = useSubmitGuard();
  const navigateLater = useDelayedNavigate();
  const labelId = useId();
  const errorId = useId();
  const boxes = useRef<OtpInputHandle>(null);
  const [flow, setFlow] = useState(initialFlow);
  const [digits, setDigits] = useState(emptyCode);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  // Bumped to put the cursor back in the first box; runs once on arrival too, so the phone's keyboard opens.
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    boxes.current?.focusFirst();
  }, [focusRequest]);

  function changeDigits(next: string[]) {
    setDigits(next);
    const code = next.join('');
    if (codeError && OTP_PATTERN.test(code)) setCodeError(null);
    // The sixth digit (typed, pasted or autofilled) sends the code by itself.
    if (OTP_PATTERN.test(code) && !OTP_PATTERN.test(digits.join(''))) void submit(code);
  }

  const submit = guard(async (otp: string) => {
    setServerError(null);
    if (!OTP_PATTERN.test(otp)) {
      setCodeError(t('errors.validation.otp'));
      return;
    }
    setCodeError(null);
    setBusy(true);
    try {
      const answer = await verifyCode({ email: flow.email, otp });
      clearOtpFlow();
      // The server says what the code was for: a reset token continues to the new password.
      if (answer.kind === 'reset') {
        toast.success(t('auth.success.codeAccepted'));
        await navigateLater('/password/reset', {
          replace: true,
          state: { email: flow.email, resetToken: answer.resetToken },
        });
      } else if (answer.token) {
        // The code signed the account in (docs/accounts.md): stored as a login stores it, and the public-route
        // guard takes the user on to Home without asking for the password again.
        toast.success(t('auth.success.emailVerified'));
        await auth.login(answer.token);
      } else {
        toast.success(t('auth.success.emailVerified'));
        await navigateLater('/login', { replace: true, state: { username: flow.email } });
      }
    } catch (error) {
      setServerError(verifyErrorMessage(error));
      // An issue about the code itself also goes under the boxes.
      const codeIssue = fieldIssues(error, topLevelFields('otp')).otp;
      if (codeIssue) setCodeError(codeIssue);
      setBusy(false);
      // A refused code (wrong, expired) is typed again from the first box; after any other failure the digits stay.
      if (isApiError(error) && error.status === 400) {
        setDigits(emptyCode());
        setFocusRequest((n) => n + 1);
      }
    }
  });

  async function resend() {
    if (resending) return;
    setResending(true);
    setServerError(null);
    try {
      await requestCode({ email: flow.email, purpose: flow.purpose });
      updateFlow({ ...flow, resendAt: resendAtAfter(null) });
      toast.success(t('auth.success.codeSent'));
    } catch (error) {
      if (isApiError(error) && error.status === 429) {
        updateFlow({ ...flow, resendAt: resendAtAfter(error.retryAfterSeconds) });
      }
      setServerError(requestCodeErrorMessage(error));
    } finally {
      setResending(false);
    }
  }

  function updateFlow(next: OtpFlow) {
    saveOtpFlow(next);
    setFlow(next);
  }

  return (
    <AuthScreen
      title={t('auth.otp.title')}
      description={tRich('auth.otp.description', {
        email: flow.email,
        line: () => <EmailLine key="email" email={flow.email} />,
      })}
      footer={<LoginLink />}
    >
      <form
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void submit(digits.join(''));
        }}
        className="flex flex-col gap-5"
      >
        <FormAlert message={serverError} />
        <div className="flex flex-col gap-2">
          <p id={labelId} className="text-center text-sm font-medium text-slate-800">
            {t('auth.otp.label')}
          </p>
          <OtpInput
            ref={boxes}
            value={digits}
            onChange={changeDigits}
            labelledBy={labelId}
            errorId={codeError ? errorId : undefined}
            disabled={busy}
          />
          {codeError && (
            <div className="flex justify-center">
              <FieldError id={errorId} message={codeError} />
            </div>
          )}
        </div>
        <SubmitButton busy={busy}>{t('auth.otp.submit')}</SubmitButton>
      </form>
      <ResendCode
        key={flow.resendAt}
        resendAt={flow.resendAt}
        busy={resending}
        onResend={() => void resend()}
      />
    </AuthScreen>
  );
}
