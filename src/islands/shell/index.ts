/** The shell's one script (bundled by Astro): small vanilla enhancements, each a no-op when its markup is absent. */
import { enhanceDropdowns } from './dropdowns';
import { enhanceSearch } from './search';
import { enhanceCartBadge } from './cart-badge';
import { enhanceNotices } from './notices';
import { enhanceToast } from './toast-view';
import { enhanceProgress } from './progress';
import { enhanceNewsletter } from './newsletter';
import { enhanceMegaMenu } from './mega-menu';
import { enhanceQuickAdd } from './quick-add';

for (const enhance of [enhanceToast, enhanceDropdowns, enhanceSearch, enhanceCartBadge, enhanceNotices, enhanceProgress, enhanceNewsletter, enhanceMegaMenu, enhanceQuickAdd]) {
  try {
    enhance();
  } catch (err) {
    // One broken enhancement must not take the others down; the page still works without them.
    console.error('[shell]', err);
  }
}
