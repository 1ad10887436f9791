import { DataToolError } from '../errors/data-tool-error.js';
import { loadLibrary } from '../shared/load-library.js';

export interface JsonMatch {
  /** Where the match is, in JSONPath bracket form: `$['items'][0]['id']`. */
  readonly path: string;
  readonly value: unknown;
}

/**
 * Evaluates a JSONPath expression with jsonpath-plus, script evaluation off: filter
 * `[?(…)]` and script `[(…)]` expressions are refused rather than run, so an
 * expression can only select, never execute code.
 */
export async function queryJson(document: unknown, expression: string): Promise<JsonMatch[]> {
  const { JSONPath } = await loadLibrary('jsonpath-plus', () => import('jsonpath-plus'));
  try {
    const matches = JSONPath({
      path: expression,
      json: document as object,
      eval: false,
      resultType: 'all',
      wrap: true,
    });
    return (matches as { path: string; value: unknown }[]).map((match) => ({ path: match.path, value: match.value }));
  } catch (error) {
    const reason = (error as Error).message;
    const scripted = /prevented/i.test(reason);
    throw new DataToolError(
      'DATA_QUERY_INVALID',
      scripted
        ? `The JSONPath ${JSON.stringify(expression)} uses a filter or script expression ([?(…)] or [(…)]), and script evaluation is turned off. Select with names, indexes, slices, wildcards and '..' (e.g. $.items[*].id, $..price, $.items[0:5]) and filter the result yourself.`
        : `The JSONPath ${JSON.stringify(expression)} cannot be evaluated (${reason}); write it like $.items[*].id or $..price.`,
      { cause: error },
    );
  }
}
