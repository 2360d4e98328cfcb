import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { refuseSellerAction } from '@/server/sellers/actions';

/** Refuses a waiting application `{reason}`; the applicant is mailed the reason. */
export const ALL = route({ POST: serveAction(refuseSellerAction) });
