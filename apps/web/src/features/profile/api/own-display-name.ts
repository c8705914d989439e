import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/hooks/use-auth';
import { friendDetailKey, getFriend } from '@/features/friends/api/get-friend';

/**
 * The caller's own display name ("" until set). The token does not carry it, so it is read from the friend page
 * of oneself (`GET /users/{id}/friends/{id}`, "yourself included", docs/api/README.md#users-and-friends); until
 * it answers, or if it cannot, the name is "" and the username is shown.
 */
export function useOwnDisplayName(): string {
  const { user, isAuthenticated } = useAuth();
  const query = useQuery({
    queryKey: friendDetailKey(user.id, user.id),
    queryFn: ({ signal }) => getFriend(user.id, user.id, signal),
    enabled: isAuthenticated && !user.isGuest && user.id > 0,
    retry: false,
  });
  return query.data?.user.displayName ?? '';
}
