import { createSessionStore, renewSession, type Session } from './session.js';

const store = createSessionStore(() => Date.now());

export function handleLogin(user: string): Session {
  const session: Session = { id: `${user}-session`, user };
  renewSession(store, session);
  return session;
}

export function handleRequest(sessionId: string): Session | undefined {
  // `store.get` returns undefined once the session expired.
  return store.get(sessionId);
}
