import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '@/hooks/use-auth';
import { isGuestPath } from './protected-route';

/**
 * The room links open to anyone (the room, its preview): a guest sees its own room only (docs/guests.md), so any
 * other room's link, and its own room's preview, take it to its room.
 */
export function GuestScopeRoute() {
  const { status, guestRoomId } = useAuth();
  const { pathname } = useLocation();
  if (status === 'authenticated' && guestRoomId !== null && !isGuestPath(pathname, guestRoomId))
    return <Navigate to={`/room/${encodeURIComponent(guestRoomId)}`} replace />;
  return <Outlet />;
}
