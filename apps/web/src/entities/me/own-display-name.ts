import { useQuery } from '@tanstack/react-query';
import { accountEndpoints, type UserDetail } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';
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

/** GET /v1/users/{id} (self): your own account (docs/api/README.md#users-and-friends). */
export function getOwnAccount(userId: number, signal?: AbortSignal): Promise<UserDetail> {
  return api.call(accountEndpoints.profile, { params: { id: userId }, signal });
}

/**
 * The caller's own display name ("" until set). The token does not carry it, so it is read from your own account
 * (`GET /users/{id}`), starting from the name remembered on this device; until it answers, or if it cannot, the name
 * is the remembered one or "", and the username is shown. Home, Profile and Edit profile read it.
 */
export function useOwnDisplayName(): string {
  const { user, isAuthenticated } = useAuth();
  const enabled = isAuthenticated && !user.isGuest && user.id > 0;
  const query = useQuery({
    queryKey: userKeys.profile(user.id),
    queryFn: async ({ signal }) => {
      const account = await getOwnAccount(user.id, signal);
      rememberOwnDisplayName(user.id, account.displayName ?? '');
      return account;
    },
    enabled,
    retry: false,
  });
  if (!enabled) return '';
  return query.data?.displayName ?? remembered(user.id) ?? '';
}
