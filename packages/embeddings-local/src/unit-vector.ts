/** `vector` scaled to length 1 (all zeros stays all zeros). */
export function unitVector(vector: readonly number[]): number[] {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const length = Math.sqrt(sum);
  return length === 0 ? [...vector] : vector.map((value) => value / length);
}
