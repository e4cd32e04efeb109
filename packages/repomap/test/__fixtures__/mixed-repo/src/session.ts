import { MemoryStore, type Store } from './store.js';

export const SESSION_TTL_SECONDS = 3600;

export interface Session {
  id: string;
  user: string;
}

export function createSessionStore(clock: () => number): Store<Session> {
  return new MemoryStore<Session>(clock);
}

export function renewSession(store: Store<Session>, session: Session): void {
  store.set(session.id, session, SESSION_TTL_SECONDS);
}
