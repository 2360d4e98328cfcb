/**
 * Product form enhancement: the chosen variant updates price, stock and inventory_id; the stepper stays
 * within 1…min(stock, max per order); a typed quantity and submitting check the spec's rules and say what
 * is wrong. Add to cart and Buy now send the form in the background (the toast says it is added; Buy
 * now goes on to the cart); without JavaScript the same form posts and comes back with a flash.
 */
import { checkQuantity, maxQuantity, type QuantityProblem } from '@/lib/cart-rules';
import { findVariant, readChoice, type VariantInventory } from '@/lib/variants';
import { formatPrice, priceOf, type PriceFormat } from '@/lib/price';
import { hideToast, showError, showSuccess } from '@/stores/toast';
import { cartAction } from '@/stores/cart';
import { ApiError } from '@/lib/api';
import { localHref } from '@/lib/urls';

interface ProductFormData {
  selling: number;
  offered: number;
  flashPrice: number | null;
  endTime: string | null;
  stock: number;
  maxPerOrder: number;
  attributeIds: number[];
  inventories: VariantInventory[];
  fmt: PriceFormat;
  messages: Record<QuantityProblem, string>;
  stockText: string;
  addedText: string;
}

export function initBuyForm(form: HTMLFormElement): void {
  const data = JSON.parse(form.dataset.product ?? '{}') as ProductFormData;
  const qty = form.querySelector<HTMLInputElement>('input[name="quantity"]')!;
  const inventoryInput = form.querySelector<HTMLInputElement>('[data-inventory-id]')!;
  const message = form.querySelector<HTMLElement>('[data-message]')!;
  const stockEl = form.querySelector<HTMLElement>('[data-stock]');
  const price = document.querySelector<HTMLElement>('[data-price]');
  // Our messages replace the browser's own validation bubbles.
  form.noValidate = true;

  const choice = () => readChoice(new FormData(form).entries());
  const variant = () => findVariant(data.inventories, choice(), data.attributeIds);
  const stockNow = () => (data.attributeIds.length ? (variant()?.quantity ?? data.stock) : data.stock);
  const say = (text: string) => {
    message.textContent = text;
  };
  /** The toast this form raised about the choice: it goes once the choice changes (it said what was missing). */
  let toastShown = false;
  const sayLoud = (text: string) => {
    say(text);
    showError(text);
    toastShown = true;
  };

  const update = () => {
    const v = variant();
    inventoryInput.value = v ? String(v.id) : '';
    const stock = stockNow();
    qty.max = String(maxQuantity(stock, data.maxPerOrder));
    if (stockEl) stockEl.textContent = stock > 0 ? data.stockText.replace('{count}', String(stock)) : data.messages.outOfStock;
    const p = priceOf({
      selling: data.selling,
      offered: data.offered,
      flashPrice: data.flashPrice,
      endTime: data.endTime,
      variantPrice: v?.price ?? null,
      variantHasAttributes: !!v && v.value_ids.length > 0,
    });
    // Until every attribute is chosen the server's "from" price stays: no single variant is priced yet.
    if (price && (v || !data.attributeIds.length)) renderPrice(price, p.current, p.previous, p.discountPercent, data.fmt);
    form.querySelectorAll<HTMLButtonElement>('button[data-cart-submit]').forEach((b) => (b.disabled = stock <= 0));
    say(stock <= 0 ? data.messages.outOfStock : '');
    if (toastShown) {
      hideToast();
      toastShown = false;
    }
  };

  form.querySelectorAll<HTMLButtonElement>('[data-step]').forEach((b) => {
    b.hidden = false;
    b.addEventListener('click', () => {
      const next = (Number.parseInt(qty.value, 10) || 1) + Number(b.dataset.step);
      const max = Number(qty.max) || 1;
      if (next < 1) return say(data.messages.minimum);
      if (next > max)
        return say(stockNow() <= data.maxPerOrder || data.maxPerOrder <= 0 ? data.messages.exceedsInventory : data.messages.maximum);
      qty.value = String(next);
      say('');
    });
  });
  form.addEventListener('change', (e) => {
    if ((e.target as HTMLInputElement).type === 'radio') update();
  });
  const check = () =>
    checkQuantity({
      quantity: Number(qty.value),
      stock: stockNow(),
      maxPerOrder: data.maxPerOrder,
      hasAttributes: data.attributeIds.length > 0,
      allAttributesChosen: data.attributeIds.every((a) => choice()[a] !== undefined),
    });
  qty.addEventListener('change', () => {
    const result = check();
    say(result.ok ? '' : data.messages[result.problem]);
  });
  let busy = false;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const result = check();
    if (!result.ok) {
      sayLoud(data.messages[result.problem]);
      return;
    }
    if (busy) return;
    const buyNow = (e.submitter as HTMLElement | null)?.hasAttribute('data-buy-now') ?? false;
    const body = Object.fromEntries([...new FormData(form).entries()].filter(([k]) => k !== '_from'));
    busy = true;
    form.setAttribute('aria-busy', 'true');
    cartAction(buyNow ? 'cart/buy-now' : 'cart/action', body)
      .then(() => {
        say('');
        if (buyNow) window.location.assign(localHref('/shipping'));
        else showSuccess(data.addedText);
      })
      .catch((err: unknown) => {
        sayLoud(err instanceof ApiError ? err.message : String(err));
      })
      .finally(() => {
        busy = false;
        form.removeAttribute('aria-busy');
      });
  });
  if (data.attributeIds.length && variant()) update();
}

function renderPrice(el: HTMLElement, current: number, previous: number | null, off: number, fmt: PriceFormat): void {
  const now = el.querySelector<HTMLElement>('[data-price-now]');
  const prev = el.querySelector<HTMLElement>('[data-price-prev]');
  const pct = el.querySelector<HTMLElement>('[data-price-off]');
  const from = el.querySelector<HTMLElement>('[data-price-from]');
  if (from) from.hidden = true;
  if (now) now.textContent = formatPrice(current, fmt);
  if (prev) {
    prev.hidden = previous === null;
    const label = prev.querySelector('.sr-only');
    prev.replaceChildren(...(label ? [label] : []), previous === null ? '' : formatPrice(previous, fmt));
  }
  if (pct) {
    pct.hidden = off <= 0;
    pct.textContent = `-${off}%`;
  }
}
