import { useEffect, useState, type ComponentType } from 'react';
import { FullPageSpinner } from '@/components/spinner';
import { useAuth } from '@/hooks/use-auth';

type Screen = 'room' | 'preview';

const loaders: Record<Screen, () => Promise<{ default: ComponentType }>> = {
  room: () => import('./room/room-page'),
  preview: () => import('@/features/preview/pages/room-preview-page'),
};
const loaded: Partial<Record<Screen, ComponentType>> = {};

/**
 * Loads the chunk of `screen` (once); the route's loader (router.tsx) calls it with the screen a stored session
 * will most likely show, so that the route renders it at once.
 */
export function loadScreen(screen: Screen): Promise<void> {
  if (loaded[screen]) return Promise.resolve();
  return loaders[screen]().then((module) => {
    loaded[screen] = module.default;
  });
}

/**
 * /room/{id}: the room itself for a signed-in user; for anyone else its preview (issue #20 item 9), with "Sign up to
 * join" and "Log in", instead of a bare login screen. A lazy route like every screen (the entry does not carry it),
 * and each of the two loads only its own chunk (the boot script has usually preloaded the room's).
 *
 * Not `React.lazy` under `<Suspense>`: content that replaces a Suspense fallback is held until 300 ms after the
 * fallback appeared (React throttles reveals), which kept the room's first paint of its picture 300 ms late
 * (Lighthouse LCP, issue #21). The screen is usually loaded before the route renders; when it is not (a session
 * that turned out to be gone), the spinner shows until it is, as an ordinary state change.
 */
export default function RoomOrPreviewRoute() {
  const { status } = useAuth();
  const screen: Screen | null =
    status === 'restoring' ? null : status === 'authenticated' ? 'room' : 'preview';
  const [, setVersion] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);
  const Page = screen ? loaded[screen] : undefined;

  useEffect(() => {
    if (!screen || loaded[screen]) return;
    let current = true;
    loadScreen(screen).then(
      () => {
        if (current) setVersion((v) => v + 1);
      },
      (error: unknown) => {
        if (current) setFailure(() => error);
      },
    );
    return () => {
      current = false;
    };
  }, [screen]);

  // A chunk that cannot load goes to the route's error screen, as a lazy route's would.
  if (failure) throw failure;
  if (!Page) return <FullPageSpinner />;
  return <Page />;
}
