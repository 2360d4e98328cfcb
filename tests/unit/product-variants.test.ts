import { describe, expect, it } from 'vitest';
import { attributeField, findVariant, readChoice } from '@/lib/variants';
import { videoEmbedUrl } from '@/lib/video';
import { countdownText, remaining } from '@/islands/countdown';

const inventories = [
  { id: 1, price: 0, quantity: 3, value_ids: [10, 20] },
  { id: 2, price: 2599, quantity: 0, value_ids: [11, 20] },
  { id: 3, price: 2799, quantity: 5, value_ids: [11, 21] },
];

describe('findVariant', () => {
  it('finds the inventory made of exactly the chosen values', () => {
    expect(findVariant(inventories, { 1: 11, 2: 21 }, [1, 2])?.id).toBe(3);
    expect(findVariant(inventories, { 2: 20, 1: 10 }, [1, 2])?.id).toBe(1);
  });

  it('finds nothing until every attribute is chosen, or for a combination nobody sells', () => {
    expect(findVariant(inventories, { 1: 11 }, [1, 2])).toBeNull();
    expect(findVariant(inventories, { 1: 10, 2: 21 }, [1, 2])).toBeNull();
    expect(findVariant(inventories, {}, [])).toBeNull();
  });
});

describe('readChoice', () => {
  it('reads attr[<id>] fields and ignores the rest', () => {
    const fields: [string, unknown][] = [
      [attributeField(1), '11'],
      ['attr[2]', '21'],
      ['quantity', '2'],
      ['attr[3]', 'x'],
      ['attr[x]', '4'],
    ];
    expect(readChoice(fields)).toEqual({ 1: 11, 2: 21 });
  });
});

describe('videoEmbedUrl', () => {
  it('builds only allowlisted embed URLs', () => {
    expect(videoEmbedUrl('youtube', 'dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('vimeo', '76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(videoEmbedUrl('vimeo', 'abc')).toBeNull();
    expect(videoEmbedUrl('youtube', '../../evil')).toBeNull();
    expect(videoEmbedUrl('dailymotion', 'x7tgad0')).toBeNull();
    expect(videoEmbedUrl('constructor', 'abcdefgh')).toBeNull();
  });
});

describe('countdown text', () => {
  it('shows days and a clock, never negative', () => {
    expect(remaining(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toBe('2d 03:04:05');
    expect(remaining(59_999)).toBe('00:00:59');
    expect(remaining(-5000)).toBe('00:00:00');
  });
});

describe('countdownText: the one countdown format', () => {
  it('fills numbers and the clock', () => {
    const ms = ((1 * 24 + 2) * 3600 + 3 * 60 + 4) * 1000;
    expect(countdownText('{d}d {h}h {m}m {s}s', ms)).toBe('1d 2h 3m 4s');
    expect(countdownText('Ends in {time}', ms)).toBe('Ends in 1d 02:03:04');
    expect(countdownText('{x} stays', ms)).toBe('{x} stays');
  });
});
