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
