import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/spinner';
import { useAuth } from '@/hooks/use-auth';
import { saveRedirectPath } from '@/lib/redirect-path';

/** A guest's own payment handles (docs/guests.md): a guest can be owed money, and be paid, as anyone. */
const GUEST_ACCOUNT_PATHS = new Set(['/profile/payments']);

/**
 * The screens of a guest's one room (docs/guests.md): the room, its chat, its Spending view and its bill forms, and
 * its own payment handles. Everything else sends a guest to the room.
 */
export function isGuestPath(pathname: string, roomId: string): boolean {
  if (GUEST_ACCOUNT_PATHS.has(pathname)) return true;
  const prefix = `/room/${encodeURIComponent(roomId)}`;
  if (pathname === prefix || pathname === `${prefix}/`) return true;
  if (!pathname.startsWith(`${prefix}/`)) return false;
  return /^(chat|spending|bill\/create|bill\/[^/]+\/edit)\/?$/.test(pathname.slice(prefix.length + 1));
}

/**
 * Lets only signed-in users through, and a guest only into its room's screens. Anyone else goes to /login, and the path they wanted is saved for after
 * login, except right after they logged out themselves (logout clears it, docs/product.md#navigation).
 */
export function ProtectedRoute() {
  const { status, signOutReason, guestRoomId } = useAuth();
  const location = useLocation();
  if (status === 'restoring') return <FullPageSpinner />;
  if (status === 'authenticated' && guestRoomId !== null && !isGuestPath(location.pathname, guestRoomId))
    return <Navigate to={`/room/${encodeURIComponent(guestRoomId)}`} replace />;
  if (status === 'authenticated') return <Outlet />;
  const wanted = signOutReason === 'logout' ? null : `${location.pathname}${location.search}${location.hash}`;
  return <RedirectToLogin wanted={wanted} />;
}

function RedirectToLogin({ wanted }: { wanted: string | null }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (wanted !== null) saveRedirectPath(wanted);
    void navigate('/login', { replace: true });
  }, [wanted, navigate]);
  return null;
}
