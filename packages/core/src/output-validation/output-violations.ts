import { z } from 'zod';
import type { TaskDefinition } from '../crew/task-definition.js';
import { describePiiCount, type PiiDetector, type PiiType } from '../dlp/pii-detector.js';
import { OutputPiiUncheckedError } from './output-pii-unchecked-error.js';

/**
 * The rules a task's answer breaks, each in words the agent can act on; empty when it keeps
 * them all. The validators: the deliverable's format (`json` must parse), the JSON Schemas
 * (`outputSchema`, `outputValidation.jsonSchema`), the length bounds, the required sections
 * the forbidden patterns, and personal data (`forbiddenPii`, through `piiDetector`, which
 * must be given when a task declares that rule).
 */
export function outputViolations(output: string, task: TaskDefinition, piiDetector?: PiiDetector): string[] {
  const rules = task.outputValidation ?? {};
  const violations: string[] = [];
  const schemas = [task.outputSchema, rules.jsonSchema].filter((schema) => schema !== undefined);
  if (task.deliverable?.format === 'json' || schemas.length > 0) {
    const parsed = parseJson(output);
    if (!parsed.ok) violations.push(`format: the answer must be JSON, and it does not parse (${parsed.message}).`);
    else for (const schema of schemas) violations.push(...schemaViolations(parsed.value, schema));
  }
  const length = [...output].length;
  if (rules.minLength !== undefined && length < rules.minLength)
    violations.push(`length: the answer has ${length} characters; it needs at least ${rules.minLength}.`);
  if (rules.maxLength !== undefined && length > rules.maxLength)
    violations.push(`length: the answer has ${length} characters; it may have at most ${rules.maxLength}.`);
  for (const section of rules.requiredSections ?? [])
    if (!hasSection(output, section))
      violations.push(
        `sections: the section '${section}' is missing (a heading "## ${section}" or a line "${section}:").`,
      );
  for (const pattern of rules.forbiddenPatterns ?? [])
    if (new RegExp(pattern, 'iu').test(output))
      violations.push(`forbidden: the answer matches the forbidden pattern /${pattern}/.`);
  if (rules.forbiddenPii !== undefined) {
    const found = piiViolation(output, rules.forbiddenPii, task, piiDetector);
    if (found !== undefined) violations.push(found);
  }
  return violations;
}

/** The kinds and counts of forbidden personal data in the answer, never the values themselves. */
function piiViolation(
  output: string,
  forbidden: true | readonly PiiType[],
  task: TaskDefinition,
  detector: PiiDetector | undefined,
): string | undefined {
  if (detector === undefined) throw new OutputPiiUncheckedError(task.id);
  const counts = new Map<PiiType, number>();
  for (const match of detector.scan(output))
    if (forbidden === true || forbidden.includes(match.type)) counts.set(match.type, (counts.get(match.type) ?? 0) + 1);
  if (counts.size === 0) return undefined;
  const named = [...counts].map(([type, count]) => describePiiCount(type, count)).join(', ');
  return `personal data: the answer holds ${named}; leave it out, or write it masked (e.g. j***@***.com).`;
}

/** The text inside a Markdown code fence that wraps the whole answer (models often fence JSON), else the answer. */
export function withoutCodeFence(output: string): string {
  return /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/i.exec(output)?.[1] ?? output;
}

/** JSON, also when the model wrapped it in a Markdown code fence. */
function parseJson(output: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(withoutCodeFence(output)) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

function schemaViolations(value: unknown, schema: Readonly<Record<string, unknown>>): string[] {
  const checked = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]).safeParse(value);
  if (checked.success) return [];
  return checked.error.issues.map(
    (issue) => `schema: ${issue.path.length === 0 ? 'the answer' : `at ${issue.path.join('.')}`}: ${issue.message}.`,
  );
}

function hasSection(output: string, section: string): boolean {
  const name = section.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\s{0,3}(?:#{1,6}\\s*${name}\\s*#*\\s*$|[*_]{0,2}${name}[*_]{0,2}\\s*:)`, 'imu').test(output);
}
