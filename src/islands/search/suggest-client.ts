/** Asks `api/v1/suggestions` and drops every answer that is not for the latest question. */
import type { SuggestionsData } from '@/islands/search/types';

export interface SuggestClient {
  /** Resolves with the answer for `q`, or null when a newer question was asked meanwhile (or it was cancelled). */
  ask(q: string): Promise<SuggestionsData | null>;
  cancel(): void;
}

export function createSuggestClient(fetcher: typeof fetch = fetch): SuggestClient {
  let latest = 0;
  let controller: AbortController | null = null;
  return {
    async ask(q) {
      const id = ++latest;
      controller?.abort();
      controller = new AbortController();
      try {
        const res = await fetcher(`/api/v1/suggestions?q=${encodeURIComponent(q)}`, {
          signal: controller.signal,
          headers: { accept: 'application/json' },
        });
        const body = (await res.json()) as { status: number; data: SuggestionsData };
        if (id !== latest) return null;
        if (!res.ok || body.status !== 200) throw new Error(`suggestions answered ${res.status}`);
        return body.data;
      } catch (err) {
        if (id !== latest || (err as Error).name === 'AbortError') return null;
        throw err;
      }
    },
    cancel() {
      latest++;
      controller?.abort();
      controller = null;
    },
  };
}
