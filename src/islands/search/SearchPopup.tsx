import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { formatPrice, priceOf } from '@/lib/price';
import { productUrl } from '@/lib/urls';
import { highlightParts, suggestionHref } from '@/lib/search-highlight';
import { createSuggestClient } from '@/islands/search/suggest-client';
import type { PopupConfig, SuggestionsData } from '@/islands/search/types';

/** The spec's timings (section 9): ask 700 ms after typing stops; close 100 ms after the input loses focus. */
export const SUGGEST_DELAY_MS = 700;
export const CLOSE_DELAY_MS = 100;
const LISTBOX_ID = 'site-search-listbox';

interface Option {
  id: string;
  href: string;
  content: ReactNode;
}

interface Props {
  input: HTMLInputElement;
  config: PopupConfig;
}

/**
 * The header search popup, an ARIA combobox over the server-rendered input: suggested keywords,
 * categories, subcategories and products for what is typed, asked for once typing pauses.
 */
export default function SearchPopup({ input, config }: Props) {
  const [text, setText] = useState(input.value.trim());
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<{ q: string; data: SuggestionsData } | null>(null);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(-1);
  const client = useMemo(() => createSuggestClient(), []);
  const timers = useRef<{ ask?: number; close?: number }>({});

  const options = useMemo(() => (answer ? buildOptions(answer.q, answer.data, config) : []), [answer, config]);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const activeRef = useRef(active);
  activeRef.current = active;
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    const schedule = (q: string) => {
      window.clearTimeout(timers.current.ask);
      if (!q) {
        client.cancel();
        setOpen(false);
        setAnswer(null);
        return;
      }
      setOpen(document.activeElement === input);
      timers.current.ask = window.setTimeout(() => {
        client.ask(q).then(
          (data) => {
            if (!data) return;
            setFailed(false);
            setActive(-1);
            setAnswer({ q, data });
          },
          () => setFailed(true),
        );
      }, SUGGEST_DELAY_MS);
    };
    const onInput = () => {
      const q = input.value.trim();
      setText(q);
      schedule(q);
    };
    const onFocus = () => {
      window.clearTimeout(timers.current.close);
      if (input.value.trim()) setOpen(true);
    };
    const onBlur = () => {
      timers.current.close = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      const list = optionsRef.current;
      if (e.key === 'Escape') {
        if (openRef.current) e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (!list.length) return;
        e.preventDefault();
        setOpen(true);
        const step = e.key === 'ArrowDown' ? 1 : -1;
        // -1 is the input itself: moving past either end comes back to it.
        setActive((i) => {
          const next = i + step;
          return next < -1 ? list.length - 1 : next >= list.length ? -1 : next;
        });
      } else if (e.key === 'Enter' && openRef.current && activeRef.current >= 0 && list[activeRef.current]) {
        e.preventDefault();
        window.location.assign(list[activeRef.current]!.href);
      }
    };
    input.addEventListener('input', onInput);
    input.addEventListener('focus', onFocus);
    input.addEventListener('blur', onBlur);
    input.addEventListener('keydown', onKeyDown);
    // Text typed while this module was loading still counts.
    if (input.value.trim()) onInput();
    return () => {
      input.removeEventListener('input', onInput);
      input.removeEventListener('focus', onFocus);
      input.removeEventListener('blur', onBlur);
      input.removeEventListener('keydown', onKeyDown);
      window.clearTimeout(timers.current.ask);
      window.clearTimeout(timers.current.close);
      client.cancel();
    };
  }, [input, client]);

  const shown = open && text !== '';
  const activeId = shown && active >= 0 ? options[active]?.id : undefined;
  useEffect(() => {
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', LISTBOX_ID);
    input.setAttribute('aria-expanded', String(shown));
    if (activeId) {
      input.setAttribute('aria-activedescendant', activeId);
      document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  }, [input, shown, activeId]);

  if (!shown) return <div id={LISTBOX_ID} role="listbox" aria-label={config.texts.label} hidden />;
  const { texts } = config;
  const current = answer?.q === text ? answer : null;
  let index = 0;
  const group = (key: string, title: string, count: number) => {
    const items = options.slice(index, index + count);
    const start = index;
    index += count;
    if (!count) return null;
    return (
      <div role="group" aria-labelledby={`${LISTBOX_ID}-${key}`} key={key}>
        <h3 id={`${LISTBOX_ID}-${key}`} role="presentation">
          {title}
        </h3>
        {items.map((o, i) => (
          <a key={o.id} id={o.id} role="option" href={o.href} aria-selected={start + i === active} tabIndex={-1}>
            {o.content}
          </a>
        ))}
      </div>
    );
  };
  const d = current?.data;
  const empty = d && !d.product.length && !d.suggested.length && !d.category.length && !d.sub_category.length;
  return (
    // Pressing inside the popup must not blur the input (its 100 ms close would beat the click).
    <div className="search-popup" onMouseDown={(e) => e.preventDefault()}>
      <div id={LISTBOX_ID} role="listbox" aria-label={texts.label}>
        {d &&
          !empty && [
            group('keywords', texts.keywords, d.suggested.length),
            group('categories', texts.categories, d.category.length),
            group('subcategories', texts.subCategories, d.sub_category.length),
            group('products', texts.products, d.product.length),
          ]}
      </div>
      <p className="status" role="status">
        {empty ? (
          <>
            {texts.nothingFound} “{current!.q}”
          </>
        ) : !current ? (
          failed ? (
            texts.failed
          ) : (
            texts.searching
          )
        ) : null}
      </p>
    </div>
  );
}

function Marked({ title, q }: { title: string; q: string }) {
  return <span>{highlightParts(title, q).map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</span>;
}

function buildOptions(q: string, d: SuggestionsData, config: PopupConfig): Option[] {
  const id = (kind: string, key: string | number) => `${LISTBOX_ID}-${kind}-${key}`;
  return [
    ...d.suggested.map((k) => ({
      id: id('k', k.title.replace(/\W+/g, '_')),
      href: suggestionHref('keyword', q, k.title),
      content: <Marked title={k.title} q={q} />,
    })),
    ...d.category.map((c) => ({ id: id('c', c.id), href: suggestionHref('category', q, c.id), content: <Marked title={c.title} q={q} /> })),
    ...d.sub_category.map((s) => ({
      id: id('s', s.id),
      href: suggestionHref('sub_category', q, s.id),
      content: (
        <>
          <Marked title={s.title} q={q} />
          <span className="muted"> · {s.category.title}</span>
        </>
      ),
    })),
    ...d.product.map((p) => {
      const price = priceOf({ selling: p.selling, offered: p.offered, flashPrice: p.price, endTime: p.end_time });
      return {
        id: id('p', p.id),
        href: productUrl(p),
        content: (
          <>
            <img src={p.image ?? config.defaultImage} alt="" width={40} height={40} loading="lazy" />
            <span>
              <Marked title={p.title} q={q} />
              <span className="prices">
                {price.previous !== null && <s>{formatPrice(price.previous, config.price)}</s>}
                <strong>{formatPrice(price.current, config.price)}</strong>
                {price.discountPercent > 0 && <span className="discount">-{price.discountPercent}%</span>}
              </span>
            </span>
          </>
        ),
      };
    }),
  ];
}
