/**
 * Product videos: only these hosts are ever embedded (astro.config.mjs `frame-src` allows exactly them).
 * Anything else is dropped, never turned into a URL.
 */
const PROVIDERS = {
  youtube: { id: /^[A-Za-z0-9_-]{6,20}$/, embed: (id: string) => `https://www.youtube-nocookie.com/embed/${id}` },
  vimeo: { id: /^\d{3,12}$/, embed: (id: string) => `https://player.vimeo.com/video/${id}` },
} as const;

export type VideoProvider = keyof typeof PROVIDERS;

/** The allowlisted embed URL of a video, or null when the provider or id is not acceptable. */
export function videoEmbedUrl(provider: string, videoId: string): string | null {
  if (!Object.hasOwn(PROVIDERS, provider)) return null;
  const p = PROVIDERS[provider as VideoProvider];
  if (!p.id.test(videoId)) return null;
  return p.embed(videoId);
}

/** Hosts an iframe may come from (used by the HTML sanitizer too). */
export const VIDEO_HOSTS = ['www.youtube-nocookie.com', 'player.vimeo.com'] as const;
