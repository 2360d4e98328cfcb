import { useEffect, useState } from 'react';
import type { CartLineData } from '@/lib/cart-view';
import { formatPrice } from '@/lib/price';
import { maxQuantity } from '@/lib/cart-rules';
import { productUrl } from '@/lib/urls';
import { fill, type CartIslandProps } from '@/islands/cart/types';

interface Props extends CartIslandProps {
  line: CartLineData;
  busy: boolean;
  onToggle: (line: CartLineData, checked: boolean) => void;
  onQuantity: (line: CartLineData, quantity: number) => void;
  onDelete: (line: CartLineData) => void;
}

/** One cart line: its checkbox (tied to the page's selection form), quantity form and delete form — plain forms that scripts send in the background. */
export default function CartLine({ line, fmt, text, from, defaultImage, busy, onToggle, onQuantity, onDelete }: Props) {
  const title = line.product.title;
  const max = maxQuantity(line.stock, line.max_per_order);
  const [typed, setTyped] = useState(String(line.quantity));
  const qtyId = `cart-qty-${line.id}`;
  // The server's answer (or a refused change) puts the field back to the line's real quantity.
  useEffect(() => setTyped(String(line.quantity)), [line.quantity]);
  const step = (by: number) => {
    const next = line.quantity + by;
    setTyped(String(next));
    onQuantity(line, next);
  };
  return (
    <li className="cart-line" data-cart-line={line.id}>
      <input
        className="cart-check"
        type="checkbox"
        name="checked"
        value={line.id}
        form="cart-select"
        checked={line.selected === 1}
        disabled={busy}
        onChange={(e) => onToggle(line, e.currentTarget.checked)}
        aria-label={fill(text.selectLine, { title })}
      />
      <img className="cart-thumb" src={line.product.image ?? defaultImage} alt="" width={72} height={72} loading="lazy" decoding="async" />
      <div className="cart-info">
        <a className="cart-title" href={productUrl(line.product)}>
          {title}
        </a>
        {line.variant && <p className="muted">{fill(text.variant, { name: line.variant })}</p>}
        <p className="muted">{fill(text.unitPrice, { price: formatPrice(line.unit_price, fmt) })}</p>
        {line.bundle_deal && line.free_units > 0 && (
          <p className="cart-deal">{fill(text.bundle, { title: line.bundle_deal.title, free: line.free_units })}</p>
        )}
        {!line.shipping.ok && line.shipping.message && <p className="cart-warn">{line.shipping.message}</p>}
      </div>
      <form
        className="cart-qty"
        method="post"
        action="/api/v1/cart/action"
        onSubmit={(e) => {
          e.preventDefault();
          onQuantity(line, Number(typed));
        }}
      >
        <input type="hidden" name="_from" value={from} />
        <input type="hidden" name="product_id" value={line.product_id} />
        <input type="hidden" name="inventory_id" value={line.inventory_id ?? ''} />
        <input type="hidden" name="set" value="1" />
        <label htmlFor={qtyId} className="sr-only">
          {fill(text.quantityOf, { title })}
        </label>
        <div className="cart-stepper">
          <button
            type="button"
            className="cart-step"
            data-js-only=""
            aria-label={text.decrease}
            aria-controls={qtyId}
            disabled={busy || line.quantity <= 1}
            onClick={() => step(-1)}
          >
            −
          </button>
          <input
            id={qtyId}
            type="number"
            name="quantity"
            inputMode="numeric"
            min={1}
            max={max}
            step={1}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            onBlur={() => typed !== String(line.quantity) && onQuantity(line, Number(typed))}
          />
          <button
            type="button"
            className="cart-step"
            data-js-only=""
            aria-label={text.increase}
            aria-controls={qtyId}
            disabled={busy || line.quantity >= max}
            onClick={() => step(1)}
          >
            +
          </button>
        </div>
        {/* Without JavaScript the form is sent by this button; with it, by the stepper (the stylesheet picks). */}
        <button type="submit" className="btn btn-outline btn-small" data-js-hide="">
          {text.update}
        </button>
      </form>
      <p className="cart-line-total">{formatPrice(line.line_total, fmt)}</p>
      <details className="cart-delete">
        <summary aria-label={fill(text.deleteLine, { title })}>{text.delete}</summary>
        <form
          method="post"
          action={`/api/v1/cart/${line.id}`}
          onSubmit={(e) => {
            e.preventDefault();
            onDelete(line);
          }}
        >
          <input type="hidden" name="_from" value={from} />
          <p role="alert">{text.confirmDelete}</p>
          <button type="submit" className="btn btn-danger btn-small" disabled={busy}>
            {text.delete}
          </button>
        </form>
      </details>
    </li>
  );
}
