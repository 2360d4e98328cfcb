import { describe, expect, it } from 'vitest';
import { highlightParts, suggestionHref } from '@/lib/search-highlight';
import { createSuggestClient } from '@/islands/search/suggest-client';
import { cleanSearchText } from '@/lib/schemas/search';

describe('highlightParts', () => {
  it('marks the start of each word that begins with a typed word, ignoring case', () => {
    expect(highlightParts('Wall Charger 65W', 'char 65')).toEqual([
      { text: 'Wall ', match: false },
      { text: 'Char', match: true },
      { text: 'ger ', match: false },
      { text: '65', match: true },
      { text: 'W', match: false },
    ]);
  });

  it('leaves the text alone when nothing matches or nothing is typed', () => {
    expect(highlightParts('Cable', 'zz')).toEqual([{ text: 'Cable', match: false }]);
    expect(highlightParts('Cable', '  ')).toEqual([{ text: 'Cable', match: false }]);
  });
});

describe('suggestionHref', () => {
  it('sends keywords, categories and subcategories to the search route', () => {
    expect(suggestionHref('keyword', 'cha', 'charger')).toBe('/search?q=charger');
    expect(suggestionHref('category', 'usb c', 3)).toBe('/search?q=usb+c&category_ids=3');
    expect(suggestionHref('sub_category', 'usb', 7)).toBe('/search?q=usb&sub_category_ids=7');
  });
});

describe('cleanSearchText', () => {
  it('collapses whitespace and drops control characters', () => {
    expect(cleanSearchText('  usb\u0000  c\n\t')).toBe('usb c');
    expect(cleanSearchText(undefined)).toBe('');
  });
});

describe('the suggestions client', () => {
  const answer = (q: string) => ({ product: [], suggested: [{ title: q }], category: [], sub_category: [] });

  it('drops an answer that arrives after a newer question was asked', async () => {
    const pending = new Map<string, (r: Response) => void>();
    const fetcher = ((url: string) =>
      new Promise<Response>((resolve) => pending.set(new URL(url, 'http://x').searchParams.get('q')!, resolve))) as unknown as typeof fetch;
    const client = createSuggestClient(fetcher);
    const first = client.ask('cha');
    const second = client.ask('char');
    const reply = (q: string) => new Response(JSON.stringify({ status: 200, message: 'success', data: answer(q) }), { status: 200 });
    pending.get('char')!(reply('char'));
    pending.get('cha')!(reply('cha'));
    expect(await second).toEqual(answer('char'));
    expect(await first).toBeNull();
  });

  it('reports a failed answer for the latest question, and a cancelled one as nothing', async () => {
    const failing = (() =>
      Promise.resolve(new Response(JSON.stringify({ status: 500, message: 'x', data: {} }), { status: 500 }))) as unknown as typeof fetch;
    await expect(createSuggestClient(failing).ask('usb')).rejects.toThrow(/500/);
    let resolve!: (r: Response) => void;
    const slow = (() => new Promise<Response>((r) => (resolve = r))) as unknown as typeof fetch;
    const client = createSuggestClient(slow);
    const asked = client.ask('usb');
    client.cancel();
    resolve(new Response(JSON.stringify({ status: 200, message: 'success', data: answer('usb') })));
    expect(await asked).toBeNull();
  });
});
