import { AppError } from '@/server/core/errors';

/**
 * Keyset pagination for back-office lists (DESIGN.md "Lists"): a page ends with the sort key of its last row,
 * and the next page starts after it — never `OFFSET`, never a `COUNT(*)` over a big table. The cursor is that
 * key, opaque to the client (base64url JSON).
 */
export type CursorKey = readonly (string | number)[];

export const encodeCursor = (key: CursorKey): string => Buffer.from(JSON.stringify(key)).toString('base64url');

/** The key a cursor carries, or null for the first page; a broken one is a 422 a person can act on. */
export function decodeCursor(cursor: string, length: number): CursorKey | null {
  if (!cursor) return null;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(key) && key.length === length && key.every((k) => typeof k === 'string' || typeof k === 'number')) return key;
  } catch {
    // falls through to the message below
  }
  throw new AppError({ code: 'VALIDATION', message: 'This page link is broken. Start from the first page.' });
}

/** One page of a list: the rows asked for (one more was read to know whether another page follows). */
export function pageOf<T>(rows: T[], perPage: number, keyOf: (row: T) => CursorKey): { items: T[]; next_cursor: string | null } {
  const items = rows.slice(0, perPage);
  const last = items[items.length - 1];
  return { items, next_cursor: rows.length > perPage && last ? encodeCursor(keyOf(last)) : null };
}
