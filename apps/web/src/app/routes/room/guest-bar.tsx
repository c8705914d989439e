import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DevicePhoneMobileIcon, UserCircleIcon, WalletIcon } from '@heroicons/react/24/outline';
import { useAuth } from '@/hooks/use-auth';
import { useT } from '@/lib/i18n/use-t';
import { requestGuestClaim } from '@/lib/guest-session';
import { saveRedirectPath } from '@/lib/redirect-path';
import { DeviceLinkSheet } from '@/features/guest-access/components/device-link-sheet';

/** Where the account lands once signed up or logged in: the page that keeps the guest (routes/guest/keep-guest-page). */
const KEEP_PATH = '/guest/keep';

/**
 * A guest's room (docs/guests.md): a bar that says whose room this is to a guest, "Keep your outings: create an
 * account" (sign up or log in; the guest then moves into the account by itself), the personal link for another
 * device, and the guest's own payment handles (a guest can be owed money).
 */
export function GuestBar({ roomId, roomName }: { roomId: string; roomName: string }) {
  const t = useT();
  const navigate = useNavigate();
  const { user, endSignedOutSession } = useAuth();
  const [deviceLink, setDeviceLink] = useState(false);

  // The guest's session stays on this device (its link resumes it) until the account has kept it.
  const keep = () => {
    requestGuestClaim(roomId);
    endSignedOutSession();
    saveRedirectPath(KEEP_PATH);
    void navigate('/signup');
  };

  return (
    <section
      aria-label={t('guests.bar.label')}
      className="flex flex-col gap-2 border-b border-amber-200 bg-amber-50 px-4 pt-[max(0.625rem,env(safe-area-inset-top))] pb-2.5 dark:border-amber-900 dark:bg-amber-950/40"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-amber-950 dark:text-amber-100">
        <UserCircleIcon aria-hidden="true" className="size-5 shrink-0" />
        <span className="min-w-0">{t('guests.bar.youAreGuest', { room: roomName })}</span>
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <button
          type="button"
          onClick={keep}
          className="inline-flex min-h-10 items-center rounded-full bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
        >
          {t('guests.bar.keep')}
        </button>
        <button
          type="button"
          onClick={() => setDeviceLink(true)}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-full px-1 text-sm font-semibold text-amber-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-amber-200"
        >
          <DevicePhoneMobileIcon aria-hidden="true" className="size-4" />
          {t('guests.bar.otherDevice')}
        </button>
        <Link
          to="/profile/payments"
          state={{ from: `/room/${roomId}` }}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-full px-1 text-sm font-semibold text-amber-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-amber-200"
        >
          <WalletIcon aria-hidden="true" className="size-4" />
          {t('guests.bar.paymentHandles')}
        </Link>
      </div>
      {deviceLink && <DeviceLinkSheet name={user.username} onClose={() => setDeviceLink(false)} />}
    </section>
  );
}
