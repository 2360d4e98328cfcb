import sanitizeHtml from 'sanitize-html';

/**
 * The one policy for every piece of stored HTML (static pages, blog posts, product descriptions):
 * no scripts, styles, event handlers, forms or embedded objects; links only http(s), mailto and tel;
 * images only http(s) (no data: URLs); iframes only from EMBEDS below (astro.config.mjs `frame-src`
 * allows exactly those hosts), lazy, sandboxed and without a referrer.
 */

/** Embeddable players and maps: host plus the path an embed URL must start with. */
export const EMBEDS: ReadonlyArray<{ host: string; path: string }> = [
  { host: 'www.youtube-nocookie.com', path: '/embed/' },
  { host: 'www.youtube.com', path: '/embed/' },
  { host: 'player.vimeo.com', path: '/video/' },
  { host: 'www.google.com', path: '/maps/embed' },
  { host: 'www.openstreetmap.org', path: '/export/embed.html' },
];

/** Whether an iframe `src` is one of the allowed embeds (https, allowlisted host and path, no credentials). */
export function isAllowedEmbed(src: string | undefined): boolean {
  if (!src) return false;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  return EMBEDS.some((e) => url.hostname === e.host && url.pathname.startsWith(e.path));
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'iframe', 'details', 'summary', 'figure', 'figcaption', 'picture'],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    iframe: ['src', 'width', 'height', 'title', 'allow', 'allowfullscreen', 'loading', 'sandbox', 'referrerpolicy'],
    // The rich-text editor wraps a video in <div data-youtube-video> and finds it there again when reopened.
    div: ['data-youtube-video'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start', 'reversed'],
    '*': ['lang', 'dir'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: EMBEDS.map((e) => e.host),
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  // Dropped together with their contents, not unwrapped into text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'template',
    'xmp',
    'noembed',
    'noframes',
    'plaintext',
    'svg',
    'math',
    'object',
  ],
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !isAllowedEmbed(frame.attribs.src),
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? '');
      return { tagName, attribs: { ...attribs, ...(external ? { rel: 'noopener noreferrer nofollow' } : {}) } };
    },
    img: sanitizeHtml.simpleTransform('img', { loading: 'lazy' }),
    iframe: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        src: (attribs.src ?? '').replace(/^https:\/\/www\.youtube\.com\//, 'https://www.youtube-nocookie.com/'),
        loading: 'lazy',
        referrerpolicy: 'no-referrer',
        sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups',
      },
    }),
  },
};

/** Stored HTML made safe to render with `set:html` (the shop's one sanitizing policy). */
export function sanitizeStoredHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
