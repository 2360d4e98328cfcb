/** Turns server-rendered `<time data-countdown>` end times into a live "Ends in 1d 02:03:04". */
const pad = (n: number) => String(n).padStart(2, '0');

export function remaining(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const clock = `${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return d > 0 ? `${d}d ${clock}` : clock;
}

export function startCountdowns(root: ParentNode): void {
  const items = [...root.querySelectorAll<HTMLTimeElement>('time[data-countdown]')];
  if (!items.length) return;
  const tick = () => {
    for (const el of items) {
      const end = Date.parse(el.dateTime);
      if (Number.isNaN(end)) continue;
      el.textContent = (el.dataset.label ?? '{time}').replace('{time}', remaining(end - Date.now()));
    }
  };
  tick();
  setInterval(tick, 1000);
}
