/**
 * The name a person is shown by: their display name when they set one, else their username
 * (docs/api/README.md#shapes). `displayName` is read optionally: answers and mocks from before it lack it.
 */
export function personName(user: { username: string; displayName?: string | null }): string {
  const chosen = user.displayName?.trim();
  return chosen ? chosen : user.username;
}

/** `personName(user)`, or `otherwise` when there is no such person (not found in a list). */
export function personNameOr(
  user: { username: string; displayName?: string | null } | null | undefined,
  otherwise: string,
): string {
  return user ? personName(user) : otherwise;
}
