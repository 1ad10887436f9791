let cachedSecond = Number.NaN;
let cachedPrefix = '';

/**
 * `new Date(milliseconds).toISOString()`, formatted once per second: the date part is
 * reused and only the milliseconds change. Every task result carries a timestamp, and
 * the full conversion costs more than the rest of a short task's bookkeeping.
 */
export function isoTimestamp(milliseconds: number = Date.now()): string {
  const second = Math.floor(milliseconds / 1000);
  if (second !== cachedSecond) {
    const full = new Date(milliseconds).toISOString();
    // Years outside 0000–9999 have a longer form; leave them to the full conversion.
    if (full.length !== 24) return full;
    cachedSecond = second;
    cachedPrefix = full.slice(0, 20);
  }
  const rest = milliseconds - second * 1000;
  return `${cachedPrefix}${rest < 10 ? '00' : rest < 100 ? '0' : ''}${rest}Z`;
}
