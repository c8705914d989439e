/** Query keys of the settings calls, under the signed-in user's id (one user's cache never answers another's). */
export const settingsKeys = {
  calendarFeed: (userId: number) => ['users', userId, 'calendar-feed'] as const,
  preferences: (userId: number) => ['users', userId, 'preferences'] as const,
};
