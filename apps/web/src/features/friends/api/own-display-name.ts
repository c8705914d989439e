import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/hooks/use-auth';
import { friendDetailKey, getFriend } from './get-friend';
import { readItem, removeItem, writeItem } from '@/lib/storage';

const KEY = 'outing.ownDisplayName';

/** The name last read for this user on this device, so that Home greets by it at once after a reload. */
function remembered(userId: number): string | undefined {
  try {
    const saved = JSON.parse(readItem('local', KEY) ?? 'null') as { id?: unknown; name?: unknown } | null;
    return saved?.id === userId && typeof saved.name === 'string' ? saved.name : undefined;
  } catch {
    return undefined;
  }
}

export function rememberOwnDisplayName(userId: number, name: string): void {
  writeItem('local', KEY, JSON.stringify({ id: userId, name }));
}

/** On sign-out: the next person on this device is not greeted by the last one's name. */
export function forgetOwnDisplayName(): void {
  removeItem('local', KEY);
}

/**
 * The caller's own display name ("" until set). The token does not carry it, so it is read from the friend page
 * of oneself (`GET /users/{id}/friends/{id}`, "yourself included", docs/api/README.md#users-and-friends), starting
 * from the name remembered on this device; until it answers, or if it cannot, the name is the remembered one or "",
 * and the username is shown.
 */
export function useOwnDisplayName(): string {
  const { user, isAuthenticated } = useAuth();
  const enabled = isAuthenticated && !user.isGuest && user.id > 0;
  const query = useQuery({
    queryKey: friendDetailKey(user.id, user.id),
    queryFn: async ({ signal }) => {
      const detail = await getFriend(user.id, user.id, signal);
      rememberOwnDisplayName(user.id, detail.user.displayName ?? '');
      return detail;
    },
    enabled,
    retry: false,
  });
  if (!enabled) return '';
  return query.data?.user.displayName ?? remembered(user.id) ?? '';
}
