/** 1.2 s, 850 ms, 2 min 5 s. */
export function duration(ms: number | undefined): string {
  if (ms === undefined) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function cost(usd: number | undefined): string {
  return usd === undefined ? '–' : `$${usd < 0.01 ? usd.toFixed(4) : usd.toFixed(2)}`;
}

export function time(iso: string): string {
  return new Date(iso).toLocaleTimeString();
}
