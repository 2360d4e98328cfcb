import { AppError } from '@/server/core/errors';
import { throttled } from '@/server/core/throttle';
import { checkSetupToken } from '@/server/install/setup-token';

/**
 * Wrong setup tokens are counted per address and in all (setup mode is one process with no database
 * yet, so the counters live in memory): 10 wrong tokens per address, 50 in all, per 15 minutes.
 */
const WINDOW_MS = 15 * 60_000;
const PER_ADDRESS = 10;
const IN_ALL = 50;
const counters = new Map<string, { count: number; start: number }>();

function counter(key: string, now: number) {
  let c = counters.get(key);
  if (!c || now - c.start >= WINDOW_MS) counters.set(key, (c = { count: 0, start: now }));
  return c;
}

export const SETUP_TOKEN_MISSING = "Paste the setup token printed on the server's console when it started.";
export const SETUP_TOKEN_WRONG =
  "This is not the setup token printed on the server's console. Copy it again: a new one is printed each time the server starts.";

/** Accepts the current setup token; throws 401 when none was given, 403 when wrong, 429 after too many wrong ones. */
export function requireSetupToken(token: string | null | undefined, ip: string, now = Date.now()): void {
  if (!token) throw new AppError({ code: 'UNAUTHENTICATED', message: SETUP_TOKEN_MISSING });
  const mine = counter(`ip:${ip}`, now);
  const all = counter('all', now);
  const over = mine.count >= PER_ADDRESS ? mine : all.count >= IN_ALL ? all : null;
  if (over) throw throttled('Too many wrong setup tokens.', Math.max(1, Math.ceil((over.start + WINDOW_MS - now) / 1000)));
  if (checkSetupToken(token)) return;
  mine.count++;
  all.count++;
  throw new AppError({ code: 'FORBIDDEN', message: SETUP_TOKEN_WRONG });
}

/** Forgets the counters (tests). */
export function resetSetupTokenCounters(): void {
  counters.clear();
}
