import { useSecondsLeft } from '../hooks/use-seconds-left';
import { ButtonSpinner } from '@/components/form/submit-button';
import { useI18n } from '@/lib/i18n/use-t';

interface ResendCodeProps {
  /** When "Try again" becomes available (ms since the epoch). Render with `key={resendAt}`. */
  resendAt: number;
  busy: boolean;
  onResend: () => void;
}

/** m:ss, e.g. 0:30, 29:59. */
export function formatWait(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "Try again", enabled once the resend countdown (30 s, docs/product.md#account-screens) has run out. */
export function ResendCode({ resendAt, busy, onResend }: ResendCodeProps) {
  const { t, tRich } = useI18n();
  const secondsLeft = useSecondsLeft(resendAt);
  const waiting = secondsLeft > 0;
  return (
    <div className="mt-6 flex flex-col items-center text-center text-sm text-slate-600">
      <p>{t('auth.resend.prompt')}</p>
      <div className="flex items-center">
        <button
          type="button"
          onClick={onResend}
          disabled={waiting || busy}
          aria-busy={busy}
          className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 font-semibold text-brand-700 dark:text-brand-300 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
        >
          {busy && <ButtonSpinner className="text-brand-600 dark:text-brand-300" />}
          {t('auth.resend.tryAgain')}
        </button>
        {waiting && (
          <span data-testid="resend-countdown" className="-ml-1.5 text-slate-500">
            {tRich('auth.resend.countdown', {
              time: formatWait(secondsLeft),
              wait: (chunks) => (
                <span key="wait" className="font-semibold text-slate-700 tabular-nums">
                  {chunks}
                </span>
              ),
            })}
          </span>
        )}
      </div>
    </div>
  );
}
