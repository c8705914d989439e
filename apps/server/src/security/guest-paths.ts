import { endpointGroups, type EndpointDeclaration } from '@outing/contract';

// What the guest-scope tests (guest-scope*.test.ts) call: every declared endpoint, with its path filled in.

/** Every declared endpoint, named `group.name`. */
export const declarations: [string, EndpointDeclaration][] = Object.entries(endpointGroups).flatMap(
  ([group, endpoints]) =>
    Object.entries(endpoints).map(([name, e]) => [`${group}.${name}`, e] as [string, EndpointDeclaration]),
);

/**
 * The endpoint's path with its placeholders filled: `{id}` of a `/rooms/{id}` path and `{roomId}` are `room`, `{id}` of
 * a `/users/{id}` path is `userId` (the caller's own), any other id 1.
 */
export function pathOf(e: EndpointDeclaration, room: string, userId: number): string {
  const filled = e.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (name === 'roomId' || (name === 'id' && e.path.startsWith('/rooms/{id}'))) return room;
    if (name === 'id') return e.path.startsWith('/users/{id}') ? String(userId) : '1';
    if (name === 'path') return 'x.png';
    return name.endsWith('Id') ? '1' : 'x';
  });
  return `/v1${filled}`;
}
