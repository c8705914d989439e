import { useState } from 'react';
import { useAuth } from '@/hooks/use-auth';
import { useT } from '@/lib/i18n/use-t';
import { cancelGuestClaim, pendingGuestClaim } from '@/lib/guest-session';
import { clearRedirectPath } from '@/lib/redirect-path';

/**
 * On the sign-up and log-in screens after a guest's "Keep your outings" (docs/guests.md): what will happen (the guest
 * moves into the account), and the way back to the room as the guest, for one who changes their mind.
 */
export function GuestClaimNote() {
  const t = useT();
  const { login } = useAuth();
  const [pending] = useState(pendingGuestClaim);
  if (!pending) return null;
  const { roomName, name, token } = pending.session;

  // Signed in as the guest again, the sign-in screens send it on to its room (routes/public-only-route.tsx).
  const backAsGuest = () => {
    cancelGuestClaim();
    clearRedirectPath();
    void login(token);
  };

  return (
    <div className="mb-5 flex flex-col items-start gap-1 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:bg-brand-950/40 dark:text-brand-200">
      <p>{t('guests.keep.note', { room: roomName, name })}</p>
      <button
        type="button"
        onClick={backAsGuest}
        className="inline-flex min-h-11 items-center text-left font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300 dark:focus-visible:outline-brand-400"
      >
        {t('guests.keep.back', { room: roomName })}
      </button>
    </div>
  );
}
