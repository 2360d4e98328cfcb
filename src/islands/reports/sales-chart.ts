/**
 * The report's chart: every `<figure data-sales-chart>` gets a uPlot line chart of net sales and orders, drawn
 * when it scrolls into view. uPlot (≈50 KB) is downloaded only then, and only on report pages. The table under
 * the chart holds the same figures (without JavaScript, for screen readers and in print).
 */
import { formatPrice, type PriceFormat } from '@/lib/price';

export interface ChartData {
  /** Bucket starts, `YYYY-MM-DD`. */
  days: string[];
  net: number[];
  orders: number[];
  labels: { net: string; orders: string };
  money: PriceFormat;
  lang: string;
  rtl: boolean;
}

async function draw(figure: HTMLElement): Promise<void> {
  const data = JSON.parse(figure.dataset.salesChart ?? '{}') as ChartData;
  if (!data.days?.length) return;
  // uPlot's stylesheet comes with the report page (ReportScreen.astro): a CSS file imported here was referenced by
  // the build but never written (the chart stopped on its failed preload).
  const { default: UPlot } = await import('uplot');
  const holder = figure.querySelector<HTMLElement>('[data-chart-canvas]');
  if (!holder) return;
  const xs = data.days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
  const day = new Intl.DateTimeFormat(data.lang, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const width = () => Math.max(280, holder.clientWidth);
  const chart = new UPlot(
    {
      width: width(),
      height: 240,
      tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true, dir: data.rtl ? -1 : 1 }, money: {}, count: {} },
      series: [
        { value: (_u, v) => (v === null ? '' : day.format(new Date(v * 1000))) },
        {
          label: data.labels.net,
          scale: 'money',
          stroke: '#2563eb',
          width: 2,
          fill: 'rgba(37, 99, 235, 0.08)',
          value: (_u, v) => (v === null ? '' : formatPrice(v, data.money)),
        },
        { label: data.labels.orders, scale: 'count', stroke: '#ea580c', width: 2, dash: [6, 4] },
      ],
      axes: [
        { values: (_u, ticks) => ticks.map((t) => day.format(new Date(t * 1000))) },
        { scale: 'money', side: data.rtl ? 1 : 3, size: 70, values: (_u, ticks) => ticks.map((t) => formatPrice(t, data.money)) },
        { scale: 'count', side: data.rtl ? 3 : 1, grid: { show: false } },
      ],
    },
    [xs, data.net, data.orders],
    holder,
  );
  new ResizeObserver(() => chart.setSize({ width: width(), height: 240 })).observe(holder);
}

/** Draws each report chart on the page when it comes into view. */
export function startSalesCharts(): void {
  const figures = [...document.querySelectorAll<HTMLElement>('[data-sales-chart]')];
  if (!figures.length) return;
  const seen = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      seen.unobserve(e.target);
      void draw(e.target as HTMLElement);
    }
  });
  for (const f of figures) seen.observe(f);
}
