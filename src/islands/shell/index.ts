/** The shell's one script (bundled by Astro): small vanilla enhancements, each a no-op when its markup is absent. */
import { enhanceDropdowns } from '@/islands/shell/dropdowns';
import { enhanceSearch } from '@/islands/shell/search';
import { enhanceCartBadge } from '@/islands/shell/cart-badge';
import { enhanceNotices } from '@/islands/shell/notices';
import { enhanceToast } from '@/islands/shell/toast-view';
import { enhanceProgress } from '@/islands/shell/progress';
import { enhanceAnalytics } from '@/islands/shell/analytics';
import { onFirstEvent, onFirstSubmit } from '@/islands/shell/lazy';

// Loaded on the first act that needs them (the API client, the cart store, prices): not before interaction.
const enhanceOnDemand = () => {
  onFirstSubmit('form[data-quick-add]', () => import('@/islands/shell/quick-add').then((m) => m.enhanceQuickAdd()));
  onFirstSubmit('form[data-newsletter]', () => import('@/islands/shell/newsletter').then((m) => m.enhanceNewsletter()));
  onFirstEvent(document.querySelector('[data-mega]'), ['mouseover', 'focusin'], () =>
    import('@/islands/shell/mega-menu').then((m) => m.enhanceMegaMenu()),
  );
};

for (const enhance of [
  enhanceToast,
  enhanceDropdowns,
  enhanceSearch,
  enhanceCartBadge,
  enhanceNotices,
  enhanceProgress,
  enhanceOnDemand,
  enhanceAnalytics,
]) {
  try {
    enhance();
  } catch (err) {
    // One broken enhancement must not take the others down; the page still works without them.
    console.error('[shell]', err);
  }
}
