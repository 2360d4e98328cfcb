import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { sendNewsletterAction } from '@/server/content/actions';

/** POST `{subject, text}`: sends a newsletter issue to every confirmed subscriber (blank lines separate paragraphs). */
export const ALL = route({ POST: serveAction(sendNewsletterAction) });
