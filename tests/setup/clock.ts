import { afterEach, beforeEach, vi } from 'vitest';

/**
 * The clock the in-memory caches read (`Date.now()`: guest pages, API answers, kept cart pages, all kept
 * 10 s), stopped, so that a test expecting a repeat to be a hit does not go red on a slow machine where
 * 10 s passed between two requests. `advance` moves it on explicitly; `new Date()` is left alone.
 */
export function stopClock(): { advance: (ms: number) => void; restore: () => void } {
  let at = Date.now();
  const spy = vi.spyOn(Date, 'now').mockImplementation(() => at);
  return {
    advance: (ms) => {
      at += ms;
    },
    restore: () => spy.mockRestore(),
  };
}

/** The clock stopped for each test of the file (at the real time the test starts). */
export function useStoppedClock(): { advance: (ms: number) => void } {
  let clock: ReturnType<typeof stopClock> | undefined;
  beforeEach(() => {
    clock = stopClock();
  });
  afterEach(() => {
    clock?.restore();
    clock = undefined;
  });
  return { advance: (ms) => clock!.advance(ms) };
}
