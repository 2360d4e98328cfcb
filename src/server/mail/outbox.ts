import fs from 'node:fs/promises';
import path from 'node:path';
import type { OutboxEntry } from '@/server/mail/index';

/** Every message in a file outbox (DATA_DIR/mail), oldest first. */
export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const entries: OutboxEntry[] = [];
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    entries.push(JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as OutboxEntry);
  }
  return entries;
}

/** The newest message to one address, or null. */
export async function lastMailTo(dir: string, to: string): Promise<OutboxEntry | null> {
  const all = await readOutbox(dir);
  return all.filter((m) => m.to.toLowerCase() === to.toLowerCase()).pop() ?? null;
}

/** The 6-digit code in a message's text. */
export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? null;

/** The first link to `pathname` in a message's text. */
export const linkIn = (text: string, pathname: string) =>
  new RegExp(`https?://\\S+${pathname.replace(/[/?]/g, '\\$&')}\\S*`).exec(text)?.[0] ?? null;
