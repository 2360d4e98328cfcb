import { route } from '@/server/web/route';
import { switchLanguage } from '@/server/web/language';

/** The language switcher (header and footer): a plain form or link sets the `currentLanguage` cookie and goes back. */
export const ALL = route({ GET: switchLanguage, POST: switchLanguage });
