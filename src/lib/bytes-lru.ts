/**
 * A cache bounded by the bytes it holds, the least recently used entries let go first: for a server
 * that lives for months, where a cache bounded by its number of entries (or not at all) grows with
 * whatever its keys are made of. Each entry says what it weighs when it is put; an entry heavier than
 * the whole bound is not kept at all.
 */
export class BytesLru<K, V> {
  /** A Map keeps insertion order: the first entry is the one used longest ago. */
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private held = 0;

  constructor(readonly maxBytes: number) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.held += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.held <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.held -= entry.bytes;
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.bytes;
  }

  /** The bytes held now. */
  get bytes(): number {
    return this.held;
  }

  get size(): number {
    return this.entries.size;
  }
}
