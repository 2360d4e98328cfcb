import { getT } from '@/i18n';
import type { Mail } from '@/server/mail/index';

/** Text made safe to put in a mail's HTML. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Parts {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  code: string;
  link: { href: string; label: string };
  footer: string;
}

/** One layout for every account mail: greeting, lines, the code in large type, a button, a footer. */
function compose(p: Parts): Mail {
  const text = [p.greeting, '', ...p.lines, '', p.code, '', `${p.link.label}: ${p.link.href}`, '', p.footer].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,Arial,sans-serif;color:#17212b;line-height:1.5">
<p>${escapeHtml(p.greeting)}</p>
${p.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(p.code)}</p>
<p><a href="${escapeHtml(p.link.href)}" style="display:inline-block;background:#0b7a5c;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(p.link.label)}</a></p>
<p style="color:#5b6672;font-size:13px">${escapeHtml(p.footer)}</p>
</body></html>`;
  return { to: p.to, subject: p.subject, text, html };
}

interface Common {
  lang: string;
  siteName: string;
  origin: string;
  to: string;
  name: string;
}

/** The sign-up mail: the 6-digit code and a link to the page where it is typed. */
export async function verifyCodeMail(m: Common & { code: string; minutes: number }): Promise<Mail> {
  const t = await getT(m.lang);
  const href = `${m.origin}/verify-email?email=${encodeURIComponent(m.to)}`;
  return compose({
    to: m.to,
    subject: t('auth.mail.verifySubject', { site: m.siteName }),
    greeting: t('auth.mail.greeting', { name: m.name }),
    lines: [t('auth.mail.verifyIntro', { site: m.siteName }), t('auth.mail.codeExpires', { minutes: m.minutes })],
    code: m.code,
    link: { href, label: t('auth.mail.verifyButton') },
    footer: t('auth.mail.notYou', { site: m.siteName }),
  });
}

/** The password-reset mail: a single-use link and the same request's code. */
export async function resetPasswordMail(m: Common & { code: string; token: string; minutes: number }): Promise<Mail> {
  const t = await getT(m.lang);
  const href = `${m.origin}/reset-password?token=${encodeURIComponent(m.token)}`;
  return compose({
    to: m.to,
    subject: t('auth.mail.resetSubject', { site: m.siteName }),
    greeting: t('auth.mail.greeting', { name: m.name }),
    lines: [t('auth.mail.resetIntro', { site: m.siteName }), t('auth.mail.resetExpires', { minutes: m.minutes })],
    code: m.code,
    link: { href, label: t('auth.mail.resetButton') },
    footer: t('auth.mail.resetNotYou'),
  });
}
