/** Benchmarks that run our code and an anchor side by side, reported as ratios. */
export interface BenchmarkGroup {
  readonly title: string;
  /** What we compare against, with its version. */
  readonly anchor: string;
  /** What the comparison means, printed under the table. */
  readonly notes: string;
  readonly cases: readonly {
    readonly name: string;
    readonly ours: () => unknown;
    readonly anchor: () => unknown;
  }[];
}
