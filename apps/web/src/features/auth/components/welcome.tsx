import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { primaryButtonClass } from '@/components/form/submit-button';
import { useT } from '@/lib/i18n/use-t';

const secondaryButtonClass =
  'inline-flex h-12 w-full items-center justify-center rounded-full border border-slate-300 bg-surface px-6 text-base font-semibold text-slate-800 shadow-xs transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-slate-100';

/**
 * The first screen of someone who has never signed in or signed up in this browser (issue #21): what Outing is,
 * and the two ways in. "Log in" opens the login form at the same address, so the way back returns here.
 */
export function Welcome() {
  const t = useT();
  return (
    <div className="flex min-h-full flex-col px-6 pt-[max(3rem,env(safe-area-inset-top))] pb-[max(2rem,env(safe-area-inset-bottom))]">
      <div className="flex flex-1 flex-col items-center justify-center gap-6 text-center">
        <Logo withWordmark className="size-20 rounded-3xl shadow-lg shadow-brand-900/15" />
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('auth.welcome.title')}</h1>
        <p className="max-w-xs text-lg leading-relaxed text-slate-600">{t('auth.welcome.description')}</p>
      </div>
      <div className="mx-auto mt-10 flex w-full max-w-sm flex-col gap-3">
        <Link to="/signup" className={primaryButtonClass}>
          {t('auth.signup.submit')}
        </Link>
        <Link to="/login" state={{ form: true }} replace={false} className={secondaryButtonClass}>
          {t('auth.logIn')}
        </Link>
      </div>
    </div>
  );
}
