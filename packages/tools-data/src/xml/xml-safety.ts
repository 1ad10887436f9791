import { DataToolError } from '../errors/data-tool-error.js';

/** A DOCTYPE that declares something (an internal subset `[…]`) or points outside (SYSTEM / PUBLIC). */
const riskyDoctype = /<!DOCTYPE[^>[]*?(\[|\bSYSTEM\b|\bPUBLIC\b)/i;
const entityDeclaration = /<!ENTITY/i;

/**
 * Refuses documents whose DTD could expand entities (billion laughs) or name
 * outside resources (XXE). The parser would leave them unexpanded anyway; refusing
 * says so plainly instead of returning text with unresolved `&name;` references.
 */
export function assertSafeXml(text: string, label: string): void {
  if (riskyDoctype.test(text) || entityDeclaration.test(text)) {
    throw new DataToolError(
      'DATA_FILE_UNSUPPORTED',
      `${label} declares a DTD with entities or an external reference (<!DOCTYPE … [ … ]>, SYSTEM or PUBLIC). Such declarations are refused: they can expand without bound or reach files and hosts. Remove the DOCTYPE and replace entity references with their text.`,
    );
  }
}
