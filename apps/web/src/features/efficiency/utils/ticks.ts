/** Round axis ticks covering [min, max]: steps of 1, 2 or 5 times a power of ten. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (min === max) {
    const pad = Math.abs(min) * 0.1 || 1;
    return niceTicks(min - pad, max + pad, count);
  }
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const first = Math.floor(min / step) * step;
  const ticks: number[] = [];
  // By index, not by accumulation: rounding never stalls the walk.
  for (let i = 0; i < 50; i += 1) {
    const tick = Number((first + i * step).toPrecision(12));
    ticks.push(tick);
    if (i >= 1 && tick >= max) break;
  }
  return ticks;
}

/**
 * Time labels: hours and minutes within half a day; with the day up to two days (both ends of a
 * 24-hour chart read the same clock time); the date beyond.
 */
export function timeLabel(ms: number, spanMs: number): string {
  const date = new Date(ms);
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
  if (spanMs > 2 * 86_400_000) return day;
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return spanMs >= 12 * 3_600_000 ? `${day} ${time}` : time;
}
