import { cardPriceOf, formatPrice, type PriceFormat } from '@/lib/price';
import { productUrl } from '@/lib/urls';
import { api } from '@/lib/api';
import type { ApiCard } from '@/lib/api-card';

/** What the mega menu reads of GET /api/v1/all?category= (`data.result.data`). */
type MenuProduct = ApiCard;
interface Listing {
  result: { data: MenuProduct[] };
}

const PER_PAGE = 6;
/** Results per category slug for this page view; a failed load is forgotten so it can be retried. */
const loaded = new Map<string, Promise<MenuProduct[]>>();

export function loadCategoryProducts(slug: string): Promise<MenuProduct[]> {
  let hit = loaded.get(slug);
  if (!hit) {
    hit = api<Listing>(`all?category=${encodeURIComponent(slug)}&per_page=${PER_PAGE}`).then((d) =>
      (d?.result?.data ?? []).slice(0, PER_PAGE),
    );
    hit.catch(() => loaded.delete(slug));
    loaded.set(slug, hit);
  }
  return hit;
}

/** Pointing at or focusing a category shows its products (image, title, current price by the one rule) in the panel. */
export function enhanceMegaMenu(): void {
  const mega = document.querySelector<HTMLElement>('[data-mega]');
  const panel = mega?.querySelector<HTMLElement>('.mega-products');
  if (!mega || !panel) return;
  const fmt = JSON.parse(mega.dataset.priceFormat ?? '{}') as PriceFormat;
  const fromLabel = mega.dataset.fromPrice ?? '{price}';
  let active = '';
  const show = async (item: HTMLElement) => {
    const slug = item.dataset.category!;
    if (slug === active) return;
    active = slug;
    for (const li of mega.querySelectorAll('[data-category]')) li.classList.toggle('active', li === item);
    const heading = (mega.dataset.heading ?? '#').replace('#', item.dataset.title ?? '');
    panel.setAttribute('aria-busy', 'true');
    render(panel, heading, [textNode('p', mega.dataset.loading ?? '', 'muted mega-loading')]);
    try {
      const products = await loadCategoryProducts(slug);
      if (active !== slug) return;
      const body = products.length
        ? [productList(products, fmt, fromLabel, mega.dataset.defaultImage ?? '')]
        : [textNode('p', mega.dataset.empty ?? '', 'muted')];
      render(panel, heading, body);
    } catch {
      if (active !== slug) return;
      active = '';
      render(panel, heading, [textNode('p', mega.dataset.failed ?? '', 'mega-error')]);
    } finally {
      if (active === slug || active === '') panel.setAttribute('aria-busy', 'false');
    }
  };
  const onEnter = (e: Event) => {
    const item = (e.target as Element).closest?.('[data-category]') as HTMLElement | null;
    if (item && mega.contains(item)) void show(item);
  };
  mega.addEventListener('mouseover', onEnter);
  mega.addEventListener('focusin', onEnter);
}

function render(panel: HTMLElement, heading: string, body: Node[]): void {
  panel.replaceChildren(textNode('h2', heading, 'mega-heading'), ...body);
}

function textNode(tag: string, text: string, className: string): HTMLElement {
  const el = document.createElement(tag);
  el.className = className;
  el.textContent = text;
  return el;
}

/** The price the tile and product page show (the spec's rule; "from" when variants differ), as text. */
export function menuPrice(p: MenuProduct, fmt: PriceFormat, fromLabel: string, now = Date.now()): string {
  const price = cardPriceOf(
    { selling: p.selling, offered: p.offered, flashPrice: p.price, endTime: p.end_time, variantPrices: p.variant_prices ?? [] },
    now,
  );
  const text = formatPrice(price.current, fmt);
  return price.from ? fromLabel.replace('{price}', text) : text;
}

function productList(products: MenuProduct[], fmt: PriceFormat, fromLabel: string, fallbackImage: string): HTMLElement {
  const ul = document.createElement('ul');
  ul.className = 'mega-product-list';
  for (const p of products) {
    const a = document.createElement('a');
    a.href = productUrl(p);
    const img = document.createElement('img');
    Object.assign(img, { src: p.image || fallbackImage, alt: '', width: 64, height: 64, loading: 'lazy', decoding: 'async' });
    a.append(img, textNode('span', p.title, 'mega-product-title'), textNode('span', menuPrice(p, fmt, fromLabel), 'mega-product-price'));
    const li = document.createElement('li');
    li.append(a);
    ul.append(li);
  }
  return ul;
}
