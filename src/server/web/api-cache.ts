/**
 * The rules of the API answer cache (api-caching.ts, decision 0025), kept apart so they can be tested
 * alone: what an answer is keyed by, and which answers may be kept.
 */

/**
 * One key per path, query and language: the only inputs a public catalog answer varies on. The language
 * is the one the middleware resolved (Language header, the page's prefix in the Referer, the cookie), so
 * however a caller asked for it, the same language finds the same entry. Save-Data and the currency do
 * not change JSON (one shop currency, its format follows the language).
 */
export const apiKey = (url: URL, lang: string) => `${lang}|${url.pathname}${url.search}`;

export interface AnswerFacts {
  method: string;
  /** The endpoint said its answer carries nothing per person (`route(…, { shared: true })`). */
  shared: boolean;
  /** Rendered for a caller with no session and no guest token (or with them set aside). */
  anonymous: boolean;
  status: number;
  /** Cookies were set while building the answer. */
  setsCookie: boolean;
  /** The answer's own Cache-Control. */
  cacheControl: string | null;
  /** A part of the answer could not be loaded. */
  degraded: boolean;
}

/**
 * An answer is kept only when the endpoint opted in, it was built without anyone's identity, it is a
 * 200 to a GET that set no cookie and says itself that anyone may keep it (a public Cache-Control).
 */
export function mayKeepAnswer(f: AnswerFacts): boolean {
  return (
    f.method === 'GET' &&
    f.shared &&
    f.anonymous &&
    f.status === 200 &&
    !f.setsCookie &&
    !f.degraded &&
    /^\s*public\b/i.test(f.cacheControl ?? '')
  );
}

/** The HTTP Vary of a kept answer: the encoding, and the language's inputs (Language header, language cookie). */
export const API_VARY = 'Accept-Encoding, Language, Cookie';
