import { accountEndpoints } from '@outing/contract';
import { fail } from '@/mocks/envelope';
import { mockOk, mockSignedIn } from '@/mocks/route';
import { server } from '@/test/server';

/**
 * The signed-in user's own account (`GET /users/{id}`), where the app reads its own display name
 * (own-display-name.ts). `held`: the answer waits until it resolves.
 */
export function serveOwnAccount(
  me: { id: number; username: string; displayName: string },
  held?: Promise<void>,
): void {
  server.use(
    mockSignedIn(accountEndpoints.profile, async ({ params }) => {
      if (String(me.id) !== params.id) return fail(403, 'FORBIDDEN', 'You are not allowed to do that.');
      await held;
      return mockOk(accountEndpoints.profile, {
        ...me,
        email: '',
        pictureUrl: '',
        isEmailValid: true,
        isOnline: true,
        lastSeen: null,
        registeredAt: '2026-01-01T00:00:00.000Z',
      });
    }),
  );
}
