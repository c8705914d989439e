import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarEndpoints } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import { settingsKeys } from '@/lib/query-keys';

export type CalendarFeedStatus = { active: boolean; createdAt: string | null };

/** GET /v1/users/{id}/calendar-feed (self): whether a feed link is active; its secret is shown only once. */
export function getCalendarFeed(userId: number, signal?: AbortSignal): Promise<CalendarFeedStatus> {
  return api.call(calendarEndpoints.feedStatus, { params: { id: userId }, signal });
}

/** POST /v1/users/{id}/calendar-feed (self): a new secret link, revoking any earlier one. */
export function createCalendarFeed(userId: number): Promise<{ url: string }> {
  return api.call(calendarEndpoints.createFeed, { params: { id: userId } });
}

/** DELETE /v1/users/{id}/calendar-feed (self): the link stops working. */
export function revokeCalendarFeed(userId: number): Promise<unknown> {
  return api.call(calendarEndpoints.revokeFeed, { params: { id: userId } });
}

export const calendarFeedQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: settingsKeys.calendarFeed(userId),
    queryFn: ({ signal }) => getCalendarFeed(userId, signal),
  });

export function useCalendarFeed() {
  const { user } = useAuth();
  return useQuery(calendarFeedQueryOptions(user.id));
}

export function useCreateCalendarFeed() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createCalendarFeed(user.id),
    onSuccess: () => {
      queryClient.setQueryData<CalendarFeedStatus>(settingsKeys.calendarFeed(user.id), {
        active: true,
        createdAt: new Date().toISOString(),
      });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.calendarFeed(user.id) });
    },
  });
}

export function useRevokeCalendarFeed() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => revokeCalendarFeed(user.id),
    onSuccess: () => {
      queryClient.setQueryData<CalendarFeedStatus>(settingsKeys.calendarFeed(user.id), {
        active: false,
        createdAt: null,
      });
    },
  });
}
