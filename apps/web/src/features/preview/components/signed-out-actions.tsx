import { Link } from 'react-router';
import { primaryButtonClass } from '@/components/form/submit-button';
import { useT } from '@/lib/i18n/use-t';
import { saveRedirectPath } from '@/lib/redirect-path';

export const secondaryButtonClass =
  'inline-flex h-12 w-full items-center justify-center gap-2 rounded-full bg-surface px-6 text-base font-semibold text-slate-800 ring-1 ring-slate-300 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400';

/**
 * A visitor without an account: sign up (or log in), then come back to this preview, signed in, to join. The way
 * back is the saved redirect path that the sign-in screens already follow (lib/redirect-path.ts).
 */
export function SignedOutActions({ roomId, joinable }: { roomId: string; joinable: boolean }) {
  const t = useT();
  const comeBack = () => saveRedirectPath(`/room/${roomId}/preview`);
  return (
    <div className="flex flex-col gap-2 min-[360px]:flex-row">
      {joinable && (
        <Link to="/signup" onClick={comeBack} className={`${primaryButtonClass} min-[360px]:flex-[3]`}>
          {t('preview.signUp')}
        </Link>
      )}
      <Link to="/login" onClick={comeBack} className={`${secondaryButtonClass} min-[360px]:flex-[2]`}>
        {t('preview.logIn')}
      </Link>
    </div>
  );
}
