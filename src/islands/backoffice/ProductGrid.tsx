import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';

/**
 * The bulk grid of prices and stock (issue 33), drawn with TanStack Table. Server-rendered it is a plain form of
 * inputs (JavaScript off: every row of the page is posted, a row typed back to what it showed is left alone);
 * hydrated, arrow keys and Enter move between cells, changed cells are marked, and only the changed rows are sent
 * as JSON, with their versions, in one save. Loaded only on the grid's page.
 */
export interface GridRowData {
  id: number;
  title: string;
  store_name: string;
  selling: number;
  offered: number;
  stock: number;
  version: number;
  has_variants: boolean;
  pending_selling: number | null;
}

export interface GridLabels {
  product: string;
  store: string;
  selling: string;
  offered: string;
  stock: string;
  variantsStock: string;
  waiting: string;
  save: string;
  saving: string;
  nothing: string;
  changed: string;
  cellLabel: string;
  caption: string;
}

interface Props {
  rows: GridRowData[];
  labels: GridLabels;
  action: string;
  from: string;
  showStore: boolean;
  dir: 'ltr' | 'rtl';
}

type Field = 'selling' | 'offered' | 'stock';
const FIELDS: Field[] = ['selling', 'offered', 'stock'];
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, GridRowData>();

const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));

export default function ProductGrid({ rows: initial, labels, action, from, showStore, dir }: Props) {
  const [rows, setRows] = useState(initial);
  // What each cell holds now (typed), by `${id}:${field}`; absent: the row's value.
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const tableRef = useRef<HTMLTableElement>(null);

  const valueOf = useCallback((row: GridRowData, field: Field) => typed[`${row.id}:${field}`] ?? String(row[field]), [typed]);
  const dirty = useMemo(
    () =>
      Object.entries(typed).filter(([key, v]) => {
        const [id, field] = key.split(':') as [string, Field];
        const row = rows.find((r) => String(r.id) === id);
        return row && v.trim() !== String(row[field]);
      }).length,
    [typed, rows],
  );

  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      // Browsers show their own words; preventDefault is what asks them to.
      if (dirty > 0) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('title', { header: labels.product }),
        ...(showStore ? [helper.accessor('store_name', { header: labels.store })] : []),
        helper.accessor('selling', { header: labels.selling }),
        helper.accessor('offered', { header: labels.offered }),
        helper.accessor('stock', { header: labels.stock }),
      ]),
    [labels, showStore],
  );
  const table = useTable({ features, columns, data: rows, getRowId: (r) => String(r.id) });

  /** Arrow keys and Enter move like a spreadsheet; left and right only from the text's edge; Ctrl+S saves. */
  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const input = e.target as HTMLInputElement;
    if (input.tagName !== 'INPUT' || !input.dataset.col) return;
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      input.form?.requestSubmit();
      return;
    }
    const row = Number(input.dataset.row);
    const col = Number(input.dataset.col);
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let to: [number, number] | null = null;
    if (e.key === 'ArrowDown' || (e.key === 'Enter' && !e.shiftKey)) to = [row + 1, col];
    else if (e.key === 'ArrowUp' || (e.key === 'Enter' && e.shiftKey)) to = [row - 1, col];
    else if (e.key === forward && atEnd) to = [row, col + 1];
    else if (e.key === back && atStart) to = [row, col - 1];
    if (!to) return;
    if (e.key === 'Enter') e.preventDefault();
    const next = tableRef.current?.querySelector<HTMLInputElement>(`input[data-row="${to[0]}"][data-col="${to[1]}"]`);
    if (next) {
      e.preventDefault();
      next.focus();
      next.select();
    }
  };

  const save = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    const changed = rows.filter((r) => FIELDS.some((f) => valueOf(r, f).trim() !== String(r[f])));
    if (!changed.length) {
      setStatus({ kind: 'ok', text: labels.nothing });
      return;
    }
    setSaving(true);
    setStatus(null);
    try {
      const res = await fetch(action, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'content-type': 'application/json', language: document.documentElement.lang || 'en' },
        body: JSON.stringify({
          rows: changed.map((r) => ({
            id: r.id,
            version: r.version,
            was: `${r.selling},${r.offered},${r.stock}`,
            selling: valueOf(r, 'selling').trim(),
            offered: valueOf(r, 'offered').trim(),
            stock: valueOf(r, 'stock').trim(),
          })),
        }),
      });
      const body = (await res.json().catch(() => null)) as {
        message?: string;
        data?: { versions?: Record<string, number>; form?: string[] };
      } | null;
      if (!res.ok) {
        setStatus({ kind: 'error', text: body?.data?.form?.[0] ?? body?.message ?? String(res.status) });
        return;
      }
      const versions = body?.data?.versions ?? {};
      setRows((all) =>
        all.map((r) =>
          changed.some((c) => c.id === r.id)
            ? {
                ...r,
                selling: Number(valueOf(r, 'selling')),
                offered: Number(valueOf(r, 'offered')),
                stock: Number(valueOf(r, 'stock')),
                version: versions[r.id] ?? r.version,
              }
            : r,
        ),
      );
      setTyped({});
      setStatus({ kind: 'ok', text: body?.message ?? '' });
    } catch (err) {
      setStatus({ kind: 'error', text: (err as Error).message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form method="post" action={action} className="bo-grid-form" onSubmit={save}>
      <input type="hidden" name="_from" value={from} />
      <input type="hidden" name="_inline" value="1" />
      <p
        className={status?.kind === 'error' ? 'form-error' : 'bo-grid-status'}
        role={status?.kind === 'error' ? 'alert' : 'status'}
        data-form-error
      >
        {status?.text ?? ''}
      </p>
      <div className="bo-table-wrap">
        <table className="bo-table bo-grid" ref={tableRef} onKeyDown={onKeyDown}>
          <caption className="sr-only">{labels.caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className={FIELDS.includes(header.column.id as Field) ? 'numeric' : undefined}>
                    <table.FlexRender header={header} />
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row, r) => {
              const data = row.original;
              return (
                <tr key={row.id}>
                  {row.getAllCells().map((cell) => {
                    const field = cell.column.id as Field | 'title' | 'store_name';
                    if (field === 'title')
                      return (
                        <th key={cell.id} scope="row">
                          <input type="hidden" name="product_id" value={data.id} />
                          <input type="hidden" name="version" value={data.version} />
                          <input type="hidden" name="was" value={`${data.selling},${data.offered},${data.stock}`} />
                          <table.FlexRender cell={cell} />
                          {data.pending_selling !== null && <span className="muted bo-grid-note">{labels.waiting}</span>}
                        </th>
                      );
                    if (field === 'store_name')
                      return (
                        <td key={cell.id}>
                          <table.FlexRender cell={cell} />
                        </td>
                      );
                    const col = FIELDS.indexOf(field);
                    const readOnly = field === 'stock' && data.has_variants;
                    const value = valueOf(data, field);
                    const changed = value.trim() !== String(data[field]);
                    return (
                      <td key={cell.id} className={changed ? 'numeric bo-grid-changed' : 'numeric'}>
                        <input
                          name={field}
                          value={value}
                          inputMode="numeric"
                          size={9}
                          dir="ltr"
                          readOnly={readOnly}
                          title={readOnly ? labels.variantsStock : undefined}
                          aria-label={fill(labels.cellLabel, { column: String(cell.column.columnDef.header ?? ''), product: data.title })}
                          data-row={r}
                          data-col={col}
                          onChange={(e) => {
                            const v = e.currentTarget.value;
                            setTyped((all) => ({ ...all, [`${data.id}:${field}`]: v }));
                          }}
                        />
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="bo-actions">
        <button type="submit" className="bo-button bo-button-primary" disabled={saving}>
          {saving ? labels.saving : labels.save}
        </button>
        <span role="status">{dirty > 0 ? fill(labels.changed, { n: dirty }) : ''}</span>
      </p>
    </form>
  );
}
