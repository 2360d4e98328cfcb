/** Gallery enhancement: zoom that follows the pointer (toggle by click, tap or keyboard) and video thumbnails that open an allowlisted iframe. */
import { VIDEO_HOSTS } from '@/lib/video';

const allowed = (url: string) => {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && (VIDEO_HOSTS as readonly string[]).includes(u.hostname);
  } catch {
    return false;
  }
};

export function initGallery(root: HTMLElement): void {
  const stage = root.querySelector<HTMLElement>('[data-stage]');
  if (!stage) return;
  root.querySelectorAll<HTMLButtonElement>('.pd-zoom').forEach((zoom) => {
    const img = zoom.querySelector('img');
    zoom.addEventListener('click', () => zoom.setAttribute('aria-pressed', String(zoom.getAttribute('aria-pressed') !== 'true')));
    zoom.addEventListener('pointermove', (e) => {
      const r = zoom.getBoundingClientRect();
      const x = ((e.clientX - r.left) / r.width) * 100;
      const y = ((e.clientY - r.top) / r.height) * 100;
      // CSSOM writes are allowed under the CSP (only style attributes in markup are not).
      img?.style.setProperty('transform-origin', `${x}% ${y}%`);
    });
    // A touch pointer "leaves" right after the tap that zoomed, so only a mouse leaving unzooms.
    zoom.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse') zoom.setAttribute('aria-pressed', 'false');
    });
    zoom.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') zoom.setAttribute('aria-pressed', 'false');
    });
  });
  root.querySelectorAll<HTMLAnchorElement>('a[data-embed]').forEach((link) => {
    link.addEventListener('click', (e) => {
      const src = link.dataset.embed ?? '';
      if (!allowed(src)) return;
      e.preventDefault();
      showVideo(stage, src, link.getAttribute('aria-label') ?? '');
    });
  });
  root
    .querySelectorAll<HTMLInputElement>('input[name="pd-image"]')
    .forEach((radio) => radio.addEventListener('change', () => stage.querySelector('.pd-video-frame')?.remove()));
}

function showVideo(stage: HTMLElement, src: string, title: string): void {
  stage.querySelector('.pd-video-frame')?.remove();
  const frame = document.createElement('div');
  frame.className = 'pd-video-frame';
  const iframe = document.createElement('iframe');
  iframe.src = src;
  iframe.title = title;
  iframe.width = '600';
  iframe.height = '338';
  iframe.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
  iframe.referrerPolicy = 'strict-origin-when-cross-origin';
  frame.append(iframe);
  stage.append(frame);
  iframe.focus();
}
