/** Count, mean, sample standard deviation, minimum and maximum of some values. */
export interface Statistics {
  readonly count: number;
  readonly mean: number;
  /** The sample standard deviation (divided by n − 1); 0 for a single value. */
  readonly standardDeviation: number;
  readonly min: number;
  readonly max: number;
}

/**
 * The statistics of `values`, or `null` when there are none. The standard deviation is the
 * sample one (n − 1): the runs of a case are a sample of what the crew could answer. Summed in
 * the order given (Welford's method), so the result does not drift with many values.
 */
export function statisticsOf(values: readonly number[]): Statistics | null {
  if (values.length === 0) return null;
  let mean = 0;
  let squares = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  values.forEach((value, index) => {
    const delta = value - mean;
    mean += delta / (index + 1);
    squares += delta * (value - mean);
    min = Math.min(min, value);
    max = Math.max(max, value);
  });
  const standardDeviation = values.length < 2 ? 0 : Math.sqrt(Math.max(0, squares) / (values.length - 1));
  return { count: values.length, mean, standardDeviation, min, max };
}
