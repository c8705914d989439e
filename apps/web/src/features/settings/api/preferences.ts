import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountEndpoints, type Preferences, type PreferencesBody } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import { settingsKeys } from '@/lib/query-keys';

/** GET /v1/users/{id}/preferences (self). */
export function getPreferences(userId: number, signal?: AbortSignal): Promise<Preferences> {
  return api.call(accountEndpoints.preferences, { params: { id: userId }, signal });
}

/** PATCH /v1/users/{id}/preferences (self): only the fields given change. */
export function updatePreferences(userId: number, changes: PreferencesBody): Promise<Preferences> {
  return api.call(accountEndpoints.savePreferences, { params: { id: userId }, body: changes });
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

/** An older server answers without the groups: everything is on (the default). */
export const DEFAULT_NOTIFY: NonNullable<Preferences['notify']> = {
  friends: true,
  invites: true,
  roomChanges: true,
  money: true,
  reminders: true,
};
export const DEFAULT_PUSH: NonNullable<Preferences['push']> = { ...DEFAULT_NOTIFY, chat: true };

/**
 * `before` with `changes` applied as the server applies them: per field inside `notify` and `push`, and
 * `eventReminders` one value with `notify.reminders`.
 */
export function mergePreferences(before: Preferences, changes: PreferencesBody): Preferences {
  const reminders = changes.notify?.reminders ?? changes.eventReminders;
  const next: Preferences = { ...before };
  if (reminders !== undefined) next.eventReminders = reminders;
  if (before.notify || changes.notify || reminders !== undefined) {
    next.notify = {
      ...(before.notify ?? DEFAULT_NOTIFY),
      ...changes.notify,
      ...(reminders !== undefined ? { reminders } : {}),
    };
  }
  if (before.push || changes.push) next.push = { ...(before.push ?? DEFAULT_PUSH), ...changes.push };
  return next;
}

/** The body that puts back, from `before`, exactly the fields `changes` touched (and nothing another switch did). */
export function revertOf(changes: PreferencesBody, before: Preferences): PreferencesBody {
  const notifyBefore = before.notify ?? DEFAULT_NOTIFY;
  const pushBefore = before.push ?? DEFAULT_PUSH;
  const pick = <K extends string>(keys: K[], from: Record<K, boolean>) =>
    Object.fromEntries(keys.map((k) => [k, from[k]])) as Partial<Record<K, boolean>>;
  const back: PreferencesBody = {};
  if (changes.eventReminders !== undefined) back.eventReminders = before.eventReminders;
  if (changes.notify) {
    back.notify = pick(Object.keys(changes.notify) as (keyof typeof notifyBefore)[], notifyBefore);
  }
  if (changes.push) back.push = pick(Object.keys(changes.push) as (keyof typeof pushBefore)[], pushBefore);
  return back;
}

/**
 * The switch moves at once; a failure puts it back (and the caller says so), the server's answer is the truth.
 */
export function useUpdatePreferences() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const key = settingsKeys.preferences(user.id);
  return useMutation({
    mutationFn: (changes: PreferencesBody) => updatePreferences(user.id, changes),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Preferences>(key);
      if (before) queryClient.setQueryData<Preferences>(key, mergePreferences(before, changes));
      return { before };
    },
    // Only this change goes back: another switch moved meanwhile keeps its own state.
    onError: (_error, changes, context) => {
      const before = context?.before;
      if (!before) return;
      queryClient.setQueryData<Preferences>(key, (current) =>
        current ? mergePreferences(current, revertOf(changes, before)) : before,
      );
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
