/**
 * The part of a test runner the conformance suites use, so that `@orkeon/testing`
 * needs no runner of its own: pass Vitest's (`import * as vitest from 'vitest'`) or
 * any runner with the same `describe`, `it`, `beforeEach`, `afterEach` and `expect`.
 */
export interface ConformanceTestApi {
  describe(name: string, body: () => void): unknown;
  it(name: string, body: () => Promise<void>): unknown;
  beforeEach(body: () => Promise<void>): unknown;
  afterEach(body: () => Promise<void>): unknown;
  readonly expect: ConformanceExpect;
}

export interface ConformanceExpect {
  (actual: unknown, message?: string): ConformanceMatchers;
  stringContaining(expected: string): unknown;
}

export interface ConformanceMatchers {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toBeUndefined(): void;
  toBeDefined(): void;
  toHaveLength(length: number): void;
  toMatch(expected: RegExp | string): void;
  toMatchObject(expected: object): void;
  toContain(expected: unknown): void;
  toBeGreaterThan(expected: number): void;
  readonly not: ConformanceMatchers;
  readonly rejects: ConformanceAsyncMatchers;
  readonly resolves: ConformanceAsyncMatchers;
}

export interface ConformanceAsyncMatchers {
  toMatchObject(expected: object): Promise<void>;
  toThrow(expected?: RegExp | string): Promise<void>;
  toBe(expected: unknown): Promise<void>;
  toEqual(expected: unknown): Promise<void>;
}
