/** The shell's one script (bundled by Astro): small vanilla enhancements, each a no-op when its markup is absent. */
import { enhanceDropdowns } from '@/islands/shell/dropdowns';
import { enhanceSearch } from '@/islands/shell/search';
import { enhanceCartBadge } from '@/islands/shell/cart-badge';
import { enhanceNotices } from '@/islands/shell/notices';
import { enhanceToast } from '@/islands/shell/toast-view';
import { enhanceProgress } from '@/islands/shell/progress';
import { enhanceNewsletter } from '@/islands/shell/newsletter';
import { enhanceMegaMenu } from '@/islands/shell/mega-menu';
import { enhanceQuickAdd } from '@/islands/shell/quick-add';
import { enhanceAnalytics } from '@/islands/shell/analytics';

for (const enhance of [
  enhanceToast,
  enhanceDropdowns,
  enhanceSearch,
  enhanceCartBadge,
  enhanceNotices,
  enhanceProgress,
  enhanceNewsletter,
  enhanceMegaMenu,
  enhanceQuickAdd,
  enhanceAnalytics,
]) {
  try {
    enhance();
  } catch (err) {
    // One broken enhancement must not take the others down; the page still works without them.
    console.error('[shell]', err);
  }
}
