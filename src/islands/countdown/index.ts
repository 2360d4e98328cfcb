/**
 * The one countdown: every server-rendered `<time datetime=… data-countdown data-format=…>` on the page
 * ticks each second. The format holds `{d}`, `{h}`, `{m}`, `{s}` (numbers) or `{time}` ("1d 02:03:04").
 * The server already printed the right text, so without JavaScript nothing is wrong, only still.
 */
import { splitDuration } from '@/lib/countdown';

const pad = (n: number) => String(n).padStart(2, '0');

/** "1d 02:03:04", or "02:03:04" under a day. */
export function remaining(ms: number): string {
  const { d, h, m, s } = splitDuration(ms);
  const clock = `${pad(h)}:${pad(m)}:${pad(s)}`;
  return d > 0 ? `${d}d ${clock}` : clock;
}

/** The text of a countdown `format` with `ms` left. */
export function countdownText(format: string, ms: number): string {
  const left = splitDuration(ms);
  return format.replace(/\{(d|h|m|s|time)\}/g, (_, key: 'd' | 'h' | 'm' | 's' | 'time') =>
    key === 'time' ? remaining(ms) : String(left[key]),
  );
}

let started = false;

/** Starts every countdown on the page once (several components may ask). */
export function startCountdowns(): void {
  if (started) return;
  started = true;
  const clocks = [...document.querySelectorAll<HTMLTimeElement>('time[data-countdown]')];
  if (!clocks.length) return;
  const tick = () => {
    for (const el of clocks) {
      const end = Date.parse(el.dateTime);
      if (!Number.isNaN(end) && el.dataset.format) el.textContent = countdownText(el.dataset.format, end - Date.now());
    }
  };
  setInterval(tick, 1000);
}
