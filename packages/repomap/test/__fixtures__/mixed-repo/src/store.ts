/** A key-value store with expiry. */
export interface Store<T> {
  get(key: string): T | undefined;
  set(key: string, value: T, ttlSeconds?: number): void;
}

export type Clock = () => number;

export class MemoryStore<T> implements Store<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(private readonly clock: Clock) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= this.clock()) return undefined;
    return entry.value;
  }

  set(key: string, value: T, ttlSeconds = 60): void {
    this.entries.set(key, { value, expiresAt: this.clock() + ttlSeconds * 1000 });
  }
}
