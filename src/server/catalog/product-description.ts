import sanitizeHtml from 'sanitize-html';
import { VIDEO_HOSTS } from '@/lib/video';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'iframe'],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    iframe: ['src', 'width', 'height', 'title', 'allow', 'allowfullscreen', 'loading'],
    '*': ['lang', 'dir'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { iframe: ['https'], img: ['https', 'http', 'data'] },
  allowedIframeHostnames: [...VIDEO_HOSTS],
  allowIframeRelativeUrls: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener nofollow' }),
    img: sanitizeHtml.simpleTransform('img', { loading: 'lazy' }),
    iframe: sanitizeHtml.simpleTransform('iframe', { loading: 'lazy' }),
  },
};

/** A product description safe to render: no scripts, styles or handlers; iframes only from the video hosts. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
