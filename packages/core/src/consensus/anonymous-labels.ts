/**
 * Anonymous labels for the answers of one task in one voting round: `A`, `B`, … given
 * to the answers in an order shuffled by a seed (crew, task and round), so the order
 * differs between tasks and rounds yet the same run labels the same way every time.
 */
export function anonymousLabels<T>(items: readonly T[], seed: string): { label: string; item: T }[] {
  const shuffled = [...items];
  const random = mulberry32(fnv1a(seed));
  for (let index = shuffled.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other] as T, shuffled[index] as T];
  }
  return shuffled.map((item, index) => ({ label: labelAt(index), item }));
}

/** A, B, …, Z, then AA, AB, … */
export function labelAt(index: number): string {
  let label = '';
  let rest = index;
  do {
    label = String.fromCharCode(65 + (rest % 26)) + label;
    rest = Math.floor(rest / 26) - 1;
  } while (rest >= 0);
  return label;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A small seeded generator: the shuffle needs repeatability, not strength. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
