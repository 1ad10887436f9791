const grouping = new Intl.NumberFormat('en-US');

/** 52340 → "52,340": counts in results read the same on every machine. */
export function formatCount(value: number): string {
  return grouping.format(value);
}

/** A size for a person: "812 B", "14.2 KB", "30.1 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}

/** "1 row", "2 rows". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
