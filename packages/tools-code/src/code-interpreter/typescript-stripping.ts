/** TypeScript turned into JavaScript by erasing its types, or why it cannot be. */
export type StrippedTypeScript =
  | { readonly ok: true; readonly code: string }
  | {
      readonly ok: false;
      /** `unsupported`: valid TypeScript that needs a transform (enum, namespace, …); `invalid`: it does not parse. */
      readonly problem: 'unsupported' | 'invalid';
      readonly message: string;
      readonly line?: number;
      readonly column?: number;
    };

interface StripError {
  readonly code: 'UnsupportedSyntax' | 'InvalidSyntax';
  readonly message: string;
  readonly startLine?: number;
  readonly startColumn?: number;
}

/**
 * Erases the types of `source` with amaro (the type stripper Node itself uses), loaded
 * on first use. Types become spaces, so lines and columns stay those of the source and
 * errors in the sandbox point at the TypeScript the caller wrote. Syntax that needs a
 * runtime transform (enum, namespace, parameter properties, `<T>x` casts) is refused.
 */
export async function stripTypeScript(source: string): Promise<StrippedTypeScript> {
  const { transformSync } = await import('amaro');
  try {
    return { ok: true, code: transformSync(source, { mode: 'strip-only' }).code };
  } catch (error) {
    if (!isStripError(error)) throw error;
    return {
      ok: false,
      problem: error.code === 'UnsupportedSyntax' ? 'unsupported' : 'invalid',
      message: error.message,
      ...(typeof error.startLine === 'number' ? { line: error.startLine } : {}),
      // amaro counts columns from 0; QuickJS and editors from 1.
      ...(typeof error.startColumn === 'number' ? { column: error.startColumn + 1 } : {}),
    };
  }
}

function isStripError(error: unknown): error is StripError {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (code === 'UnsupportedSyntax' || code === 'InvalidSyntax') && typeof message === 'string';
}
