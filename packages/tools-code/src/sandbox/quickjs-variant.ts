/**
 * The QuickJS build the sandbox runs, pinned: a version change is a security review
 * (docs/tools-code.md says what to check). The worker loads exactly this variant.
 */
export const quickJsVariant = {
  /** The npm package and version the variant comes from. */
  package: 'quickjs-emscripten',
  version: '0.32.0',
  /** Release build, synchronous (no asyncify): the smallest and fastest, and no host function can suspend the code. */
  variant: 'RELEASE_SYNC',
  /** The QuickJS sources inside it (bellard/quickjs, vendored by quickjs-emscripten 0.32.0). */
  engine: 'bellard/quickjs 2025-09-13',
} as const;
