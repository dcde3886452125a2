/**
 * The local CDN's memory: a Map in least-recently-used order, capped by entries and bytes, with an
 * index from purge tag to keys so a purge by tag touches only its entries.
 */
import type { Bytes, Encoding } from './encoding.ts';

export type Entry = {
  key: string;
  status: number;
  statusText: string;
  /** The answer's headers as the browser gets them (the CDN's own headers removed). */
  headers: [string, string][];
  /** The identity body. */
  body: Bytes;
  /** Whether the body is text-like (compressed per request encoding). */
  compressible: boolean;
  /** The body per encoding, compressed once on first use. */
  encoded: Map<Encoding, Promise<Bytes>>;
  tags: string[];
  /** Clock times in ms. */
  storedAt: number;
  freshUntil: number;
  staleUntil: number;
  /** Bytes counted against the cap: the bodies plus the header text. */
  size: number;
};

export type StoreLimits = { maxEntries: number; maxBytes: number };

export class LruStore {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  private total = 0;
  evictions = 0;

  constructor(private readonly limits: StoreLimits) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }

  /** Every entry, least recently used first (no reordering). */
  values(): IterableIterator<Entry> {
    return this.entries.values();
  }

  /** The entry, now the most recently used. */
  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Stores (or replaces) an entry, then evicts the least recently used past the caps. */
  set(entry: Entry): void {
    this.delete(entry.key);
    this.entries.set(entry.key, entry);
    this.total += entry.size;
    for (const tag of entry.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(entry.key);
    }
    this.evict();
  }

  /** Counts bytes added to a stored entry (a compressed variant); may evict. */
  grow(entry: Entry, bytes: number): void {
    if (this.entries.get(entry.key) !== entry) return;
    entry.size += bytes;
    this.total += bytes;
    this.evict();
  }

  delete(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.total -= entry.size;
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
    return true;
  }

  /** Removes every entry carrying one of `tags`; the number removed. */
  purgeTags(tags: Iterable<string>): number {
    let removed = 0;
    for (const tag of tags) {
      for (const key of [...(this.byTag.get(tag) ?? [])]) if (this.delete(key)) removed += 1;
    }
    return removed;
  }

  /** Removes everything; the number removed. */
  clear(): number {
    const removed = this.entries.size;
    this.entries.clear();
    this.byTag.clear();
    this.total = 0;
    return removed;
  }

  private evict(): void {
    while (this.entries.size > this.limits.maxEntries || this.total > this.limits.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) return;
      this.delete(oldest.value);
      this.evictions += 1;
    }
  }
}
