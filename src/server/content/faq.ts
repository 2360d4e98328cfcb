/**
 * A FAQ page's questions and answers, read from its sanitized HTML: a question is a paragraph (or a
 * heading) that holds nothing but bold text; its answer is everything up to the next question.
 */
export interface FaqItem {
  question: string;
  /** Sanitized HTML. */
  answer: string;
}

const QUESTION = /<(p|h[2-4])>\s*(?:<(?:strong|b)>([\s\S]*?)<\/(?:strong|b)>|([^<]*\?))\s*<\/\1>/g;

/** Splits sanitized HTML into an introduction and question/answer pairs (empty list when there are none). */
export function readFaq(html: string): { intro: string; items: FaqItem[] } {
  const marks = [...html.matchAll(QUESTION)];
  if (!marks.length) return { intro: html, items: [] };
  const items = marks.map((m, i) => {
    const end = i + 1 < marks.length ? marks[i + 1]!.index : html.length;
    return { question: (m[2] ?? m[3] ?? '').trim(), answer: html.slice(m.index + m[0].length, end).trim() };
  });
  return { intro: html.slice(0, marks[0]!.index).trim(), items: items.filter((it) => it.question && it.answer) };
}

/** Plain text of a sanitized HTML fragment (for JSON-LD and excerpts). */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/\s+/g, ' ')
    .trim();
}

/** schema.org FAQPage for these items. */
export function faqJsonLd(items: FaqItem[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((it) => ({
      '@type': 'Question',
      name: htmlToText(it.question),
      acceptedAnswer: { '@type': 'Answer', text: htmlToText(it.answer) },
    })),
  };
}
