import type { Mail } from '@/server/mail/index';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain mail of paragraphs with an optional button and a footer line (text and HTML alike). */
export function plainMail(p: {
  to: string;
  subject: string;
  paragraphs: string[];
  link?: { href: string; label: string };
  footer?: string;
}): Mail {
  const text = [...p.paragraphs, ...(p.link ? [`${p.link.label}: ${p.link.href}`] : []), ...(p.footer ? ['', p.footer] : [])].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,Arial,sans-serif;color:#17212b;line-height:1.5">
${p.paragraphs.map((l) => `<p style="white-space:pre-wrap">${escapeHtml(l)}</p>`).join('\n')}
${p.link ? `<p><a href="${escapeHtml(p.link.href)}" style="display:inline-block;background:#0b7a5c;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(p.link.label)}</a></p>` : ''}
${p.footer ? `<p style="color:#5b6672;font-size:13px">${escapeHtml(p.footer)}</p>` : ''}
</body></html>`;
  return { to: p.to, subject: p.subject, text, html };
}
