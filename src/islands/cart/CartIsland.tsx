import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { CartData, CartLineData } from '@/lib/cart-view';
import { formatPrice } from '@/lib/price';
import { ApiError } from '@/lib/api';
import { $cart, cartAction, refreshCart } from '@/stores/cart';
import { setCartCount } from '@/stores/cart-count';
import { showError, showSuccess } from '@/stores/toast';
import CartLine from '@/islands/cart/CartLine';
import { fill, type CartIslandProps } from '@/islands/cart/types';
import { localHref } from '@/lib/urls';

interface Props extends CartIslandProps {
  initial: CartData;
}

/**
 * The cart page's island: lines grouped by store with check/uncheck (per line and per store), quantity
 * and delete, totals from the server after every change. Its server-rendered HTML is a set of plain
 * forms, so the same page works without JavaScript.
 */
export default function CartIsland({ initial, ...shared }: Props) {
  const live = useStore($cart);
  const cart = live ?? initial;
  const [hydrated, setHydrated] = useState(false);
  const [busy, setBusy] = useState(false);
  const { fmt, text, from } = shared;

  useEffect(() => {
    $cart.set(initial);
    setCartCount(initial.cartCount);
    setHydrated(true);
  }, [initial]);

  /** Runs one change, then reloads the cart (totals, shipping and the badge come from the server). */
  const run = async (change: () => Promise<unknown>, success?: string) => {
    setBusy(true);
    try {
      await change();
      if (success) showSuccess(success);
    } catch (err) {
      showError(err instanceof ApiError ? err.message : String(err));
    } finally {
      await refreshCart().catch(() => undefined);
      setBusy(false);
    }
  };
  const toggle = (ids: number[], checked: boolean) => {
    // The box follows the click at once; the server's answer (run → refreshCart) then settles every figure.
    const selected = checked ? 1 : 2;
    const mark = (l: CartLineData) => (ids.includes(l.id) ? { ...l, selected } : l);
    $cart.set({ ...cart, cartProducts: cart.cartProducts.map(mark), stores: cart.stores.map((s) => ({ ...s, lines: s.lines.map(mark) })) });
    return run(() => cartAction('cart/change', checked ? { checked: ids, unchecked: [] } : { checked: [], unchecked: ids }));
  };
  const onToggle = (line: CartLineData, checked: boolean) => toggle([line.id], checked);
  const onQuantity = (line: CartLineData, quantity: number) =>
    run(() => cartAction('cart/action', { product_id: line.product_id, inventory_id: line.inventory_id ?? undefined, quantity, set: 1 }));
  const onDelete = (line: CartLineData) => run(() => cartAction(`cart/${line.id}`, undefined, 'DELETE'), text.deleted);

  if (!cart.cartProducts.length) {
    return (
      <section className="empty-state cart-empty" aria-labelledby="cart-empty-title">
        <h2 id="cart-empty-title">{text.empty}</h2>
        <p className="muted">{text.emptyText}</p>
        <p>
          <a className="btn" href={localHref('/')}>
            {text.startShopping}
          </a>
        </p>
      </section>
    );
  }
  const shippingKnown = cart.stores.every((s) => s.lines.every((l) => l.selected !== 1 || l.shipping.price !== null));
  return (
    <div className="cart-layout" data-cart-island={hydrated ? 'ready' : 'static'} data-awake={hydrated ? 'yes' : 'no'} aria-busy={busy}>
      <div className="cart-stores">
        <form id="cart-select" method="post" action="/api/v1/cart/change" className="cart-select">
          <input type="hidden" name="_from" value={from} />
          {cart.cartProducts.map((l) => (
            <input key={l.id} type="hidden" name="lines" value={l.id} />
          ))}
          {/* Drawn in both states, each shown by the stylesheet from the first paint (data-js-hide / data-js-only,
              by the boot script's .js class): waking the island moves nothing on the page. */}
          <button type="submit" className="btn btn-outline btn-small" data-js-hide="">
            {text.applySelection}
          </button>
        </form>
        {cart.stores.map((store) => {
          const all = store.lines.every((l) => l.selected === 1);
          const headingId = `cart-store-${store.id}`;
          return (
            <section key={store.id} className="cart-store" aria-labelledby={headingId}>
              <header className="cart-store-head">
                <input
                  type="checkbox"
                  className="cart-check"
                  data-js-only=""
                  checked={all}
                  disabled={busy}
                  aria-label={fill(text.selectStore, { name: store.name })}
                  onChange={(e) =>
                    toggle(
                      store.lines.map((l) => l.id),
                      e.currentTarget.checked,
                    )
                  }
                />
                <h2 id={headingId}>{fill(text.store, { name: store.name })}</h2>
              </header>
              <ul className="cart-lines">
                {store.lines.map((line) => (
                  <CartLine
                    key={line.id}
                    line={line}
                    busy={busy}
                    onToggle={onToggle}
                    onQuantity={onQuantity}
                    onDelete={onDelete}
                    {...shared}
                  />
                ))}
              </ul>
              <p className="cart-store-total">
                <span>{text.storeTotal}</span> <strong>{formatPrice(store.totals.total, fmt)}</strong>
              </p>
            </section>
          );
        })}
      </div>
      <aside className="cart-summary" aria-labelledby="cart-summary-title">
        <h2 id="cart-summary-title">{text.summary}</h2>
        <dl>
          <div>
            <dt>{fill(text.items, { count: cart.totals.quantity })}</dt>
            <dd>{formatPrice(cart.totals.subtotal, fmt)}</dd>
          </div>
          {cart.totals.discount > 0 && (
            <div>
              <dt>{text.discount}</dt>
              <dd>−{formatPrice(cart.totals.discount, fmt)}</dd>
            </div>
          )}
          <div>
            <dt>{text.shipping}</dt>
            <dd>{!shippingKnown ? text.shippingLater : cart.totals.shipping === 0 ? text.free : formatPrice(cart.totals.shipping, fmt)}</dd>
          </div>
          <div className="cart-grand">
            <dt>{text.total}</dt>
            <dd data-cart-total>{formatPrice(cart.totals.total, fmt)}</dd>
          </div>
        </dl>
        {cart.totals.quantity === 0 && <p className="cart-warn">{text.nothingSelected}</p>}
        {cart.totals.quantity > 0 ? (
          <a className="btn cart-go" href={localHref('/shipping')}>
            {text.goToShipping}
          </a>
        ) : (
          <button type="button" className="btn cart-go" disabled>
            {text.goToShipping}
          </button>
        )}
      </aside>
    </div>
  );
}
