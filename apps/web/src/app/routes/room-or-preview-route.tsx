import { lazy, Suspense } from 'react';
import { FullPageSpinner } from '../../components/spinner';
import { useAuth } from '../../hooks/use-auth';

const RoomPage = lazy(() => import('../../features/rooms/pages/room-page'));
const RoomPreviewPage = lazy(() => import('../../features/preview/pages/room-preview-page'));

/**
 * /room/{id}: the room itself for a signed-in user; for anyone else its preview (issue #20 item 9), with "Sign up to
 * join" and "Log in", instead of a bare login screen. A lazy route like every screen (the entry does not carry it),
 * and each of the two loads only its own chunk (the boot script has usually preloaded the room's).
 */
export default function RoomOrPreviewRoute() {
  const { status } = useAuth();
  if (status === 'restoring') return <FullPageSpinner />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      {status === 'authenticated' ? <RoomPage /> : <RoomPreviewPage />}
    </Suspense>
  );
}
