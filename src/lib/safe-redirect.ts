/**
 * The one rule for every redirect after an action (sign-in's `redirect=`, the Referer a plain form post
 * goes back to, the social-login return path): a path on this site, or null. Pure, for both sides.
 *
 * The check runs on what a browser will actually follow, i.e. AFTER normalisation: `/.//evil.example`
 * normalises to `//evil.example` (another host), and URL parsers drop tabs and newlines (`/\t/evil`) and
 * read `\` as `/`. Encoded forms (`/%2f%2f`, `/%5c`) are refused too: some proxy or client decodes them.
 */
const BASE = 'http://local.invalid';
const MAX_LENGTH = 1000;
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

/** Percent-decodes until nothing changes (at most 3 rounds); null when the encoding is broken. */
function decodeFully(text: string): string | null {
  let current = text;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** True when this text, as a path, would leave the site or hide a trick. */
function unsafe(path: string): boolean {
  const decoded = decodeFully(path);
  return (
    decoded === null ||
    !path.startsWith('/') ||
    path.startsWith('//') ||
    CONTROL_OR_BACKSLASH.test(path) ||
    decoded.startsWith('//') ||
    CONTROL_OR_BACKSLASH.test(decoded)
  );
}

/** A same-site path (`/cart?x=1#top`) to send the browser to, or null when `value` is anything else. */
export function localPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_LENGTH || unsafe(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname + url.search + url.hash;
  return unsafe(path) ? null : path;
}

/** A same-site path from an absolute URL of one of `origins` (a Referer), or null. */
export function localPathOfUrl(value: string | null | undefined, origins: string[]): string | null {
  if (!value) return null;
  const origin = origins.find((o) => value.startsWith(`${o}/`));
  // The remainder as sent, not as parsed: `http://shop//evil.example/x` leaves `//evil.example/x`, refused.
  return origin ? localPath(value.slice(origin.length)) : null;
}
