// The API client tells the auth layer that the server no longer accepts the session (a 401 on an
// authenticated call); the AuthProvider listens and signs out. Keeps the client free of React.

type Listener = () => void;

const listeners = new Set<Listener>();

export function onSessionRejected(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function notifySessionRejected(): void {
  for (const listener of [...listeners]) listener();
}

let tokenChange: Promise<unknown> | null = null;

/**
 * Marks `change` as a call that ends this device's token and hands it a new one (a password change): the server
 * closes the old token's socket before its answer arrives, and the socket's 4401 must not end the session while the
 * new token is on its way. Returns `change`.
 */
export function whileTokenChanges<T>(change: Promise<T>): Promise<T> {
  tokenChange = change;
  const clear = () => {
    if (tokenChange === change) tokenChange = null;
  };
  change.then(clear, clear);
  return change;
}

/** Resolves once no token change is under way (at once when none is), whether it succeeded or not. */
export function tokenChangeSettled(): Promise<void> {
  return (tokenChange ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
}
