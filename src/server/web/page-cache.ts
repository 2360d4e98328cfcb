/**
 * A small per-process memory of guest pages, so a repeat view skips rendering. It is only a cache:
 * every process keeps its own, entries live a few seconds, and losing one costs one render.
 */
export interface CachedPage {
  body: string;
  status: number;
  headers: [string, string][];
  storedAt: number;
}

export interface PageCacheOptions {
  /** Most pages kept; the least recently used goes first. */
  maxEntries?: number;
  /** Most bytes of HTML kept in all. */
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
}

/** `P`: what is kept per key (a guest page; a shopper's encoded cart page, web/kept-cart-pages.ts). */
export class PageCache<P extends { body: { length: number }; storedAt: number } = CachedPage> {
  private readonly entries = new Map<string, P>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(opts: PageCacheOptions = {}) {
    this.maxEntries = opts.maxEntries ?? 200;
    this.maxBytes = opts.maxBytes ?? 16 * 1024 * 1024;
    this.ttlMs = opts.ttlMs ?? 10_000;
    // Read at each call (not kept as a reference), so a test can stop the clock (tests/setup/clock.ts).
    this.now = opts.now ?? (() => Date.now());
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): P | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (this.now() - hit.storedAt >= this.ttlMs) {
      this.delete(key);
      return undefined;
    }
    // Re-insert so Map order is least-recently-used first.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, page: Omit<P, 'storedAt'>): void {
    if (page.body.length > this.maxBytes / 4) return;
    this.delete(key);
    this.entries.set(key, { ...page, storedAt: this.now() } as P);
    this.bytes += page.body.length;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Whether `page` is still this key's fresh entry (without counting as a use). */
  isCurrent(key: string, page: object): boolean {
    const hit = this.entries.get(key);
    return hit === page && this.now() - hit.storedAt < this.ttlMs;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= old.body.length;
    this.entries.delete(key);
  }
}

/** One key per URL, language and Save-Data: the only inputs a guest page varies on. */
export const pageKey = (url: URL, lang: string, saveData: boolean) => `${lang}|${saveData ? 1 : 0}|${url.pathname}${url.search}`;
