import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { preferencesSchema, type Preferences } from '@outing/contract';
import { useAuth } from '../../../hooks/use-auth';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /v1/users/{id}/preferences (self). */
export function getPreferences(userId: number, signal?: AbortSignal): Promise<Preferences> {
  return api.get(`/users/${userId}/preferences`, { schema: preferencesSchema, signal });
}

/** PATCH /v1/users/{id}/preferences (self): only the fields given change. */
export function updatePreferences(userId: number, changes: Partial<Preferences>): Promise<Preferences> {
  return api.patch(`/users/${userId}/preferences`, changes, { schema: preferencesSchema });
}

export const preferencesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: settingsKeys.preferences(userId),
    queryFn: ({ signal }) => getPreferences(userId, signal),
  });

export function usePreferences() {
  const { user } = useAuth();
  return useQuery(preferencesQueryOptions(user.id));
}

/**
 * The switch moves at once; a failure puts it back (and the caller says so), the server's answer is the truth.
 */
export function useUpdatePreferences() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const key = settingsKeys.preferences(user.id);
  return useMutation({
    mutationFn: (changes: Partial<Preferences>) => updatePreferences(user.id, changes),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Preferences>(key);
      if (before) queryClient.setQueryData<Preferences>(key, { ...before, ...changes });
      return { before };
    },
    onError: (_error, _changes, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
