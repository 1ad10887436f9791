const candidates = [',', ';', '\t', '|'] as const;
const sampleLines = 20;

/**
 * The field separator of a CSV sample: of `,` `;` tab and `|`, the one found outside
 * quotes on the most of the first lines with the same count on each, `,` when none is.
 * (csv-parse's own discovery scores any character, and picks a letter in a one-column file.)
 */
export function guessDelimiter(sample: string): string {
  const counts = new Map<string, number[]>(candidates.map((candidate) => [candidate, []]));
  let quoted = false;
  let line = candidates.map(() => 0);
  let lines = 0;
  const finishLine = () => {
    candidates.forEach((candidate, index) => {
      counts.get(candidate)?.push(line[index] ?? 0);
    });
    line = candidates.map(() => 0);
    lines += 1;
  };
  for (let index = 0; index < sample.length && lines < sampleLines; index++) {
    const char = sample[index];
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '\n') finishLine();
    else if (!quoted) {
      const at = candidates.indexOf(char as (typeof candidates)[number]);
      if (at >= 0) line[at] = (line[at] ?? 0) + 1;
    }
  }
  if (lines === 0 || line.some((count) => count > 0)) finishLine();
  let best: string = ',';
  let bestScore = 0;
  for (const candidate of candidates) {
    const perLine = counts.get(candidate) ?? [];
    const first = perLine[0] ?? 0;
    if (first === 0) continue;
    // Lines that agree with the first line's count; a half line at the sample's end may not.
    const agreeing = perLine.filter((count) => count === first).length;
    const score = agreeing * 1_000 + first;
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
