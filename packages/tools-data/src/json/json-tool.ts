import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { bindDataSettings, type DataSettings, type DataSettingsInput } from '../data-settings.js';
import { DataToolError } from '../errors/data-tool-error.js';
import { runDataTool } from '../shared/data-tool-run.js';
import { formatCount, plural } from '../shared/quantities.js';
import { cutNote, cutText } from '../shared/text-cut.js';
import { readTextSource, type TextSource } from '../shared/text-source.js';
import { queryJson } from './json-query.js';
import { describeJson, jsonDepth, maxJsonDepth, sortKeys } from './json-shape.js';

export const jsonToolName = 'json_tool';

export const jsonToolInput = z.strictObject({
  operation: z
    .enum(['parse', 'query', 'format'])
    .describe(
      '"parse" checks the JSON and describes it; "query" selects with a JSONPath expression; "format" pretty-prints (indent) or minifies (indent 0).',
    ),
  text: z.string().optional().describe('The JSON text itself; give this or path.'),
  path: z.string().optional().describe('Virtual path of a JSON file; give this or text.'),
  query: z
    .string()
    .min(1)
    .max(2_000)
    .optional()
    .describe('JSONPath for "query", e.g. $.items[*].id or $..price. Filter and script expressions are not allowed.'),
  indent: z.number().int().min(0).max(8).default(2).describe('Spaces per level for "format"; 0 minifies.'),
  sortKeys: z.boolean().default(false).describe('Sort object keys for "format".'),
});

export type JsonToolInput = z.output<typeof jsonToolInput>;

/** The `json_tool` tool: parse, query (JSONPath, no script evaluation) and format JSON given inline or by virtual path. */
export function createJsonTool(settings: DataSettingsInput = {}): Tool<JsonToolInput> {
  const bound = bindDataSettings(settings);
  return defineTool({
    name: jsonToolName,
    description:
      'Works on JSON given as text or by virtual path: "parse" validates it and says where it breaks, "query" selects values with JSONPath (e.g. $.items[*].id; no filter scripts), "format" pretty-prints or minifies.',
    access: 'Read',
    input: jsonToolInput,
    maxResultCharacters: bound.MaxCharacters + 1_000,
    timeoutMilliseconds: bound.TimeoutSeconds * 1_000,
    execute: (input, context) =>
      runDataTool(context, async () => {
        if (input.operation === 'query' && input.query === undefined) {
          throw new DataToolError(
            'DATA_INPUT_INVALID',
            'The "query" operation needs query: a JSONPath such as $.items[*].id.',
          );
        }
        const source = await readTextSource(context.vfs, input, bound.MaxFileBytes, jsonToolName);
        const document = parseJson(source);
        const tooDeep = jsonDepth(document) > maxJsonDepth;
        if (input.operation === 'parse') {
          const summary = `${source.label} is valid JSON: ${describeJson(document)}.`;
          return tooDeep
            ? `${summary} It nests deeper than ${maxJsonDepth} levels, so it is not shown, formatted or queried.`
            : answerWithText(summary, format(document, 2), bound);
        }
        if (tooDeep) {
          throw new DataToolError(
            'DATA_FILE_MALFORMED',
            `${source.label} nests deeper than ${maxJsonDepth} levels; json_tool only parses such documents. Flatten it, or give a part of it.`,
          );
        }
        if (input.operation === 'format') {
          const text = format(input.sortKeys ? sortKeys(document) : document, input.indent);
          return answerWithText(`${source.label} formatted (${formatCount(text.length)} characters).`, text, bound);
        }
        return queryAnswer(document, input.query as string, source, bound);
      }),
  });
}

function parseJson(source: TextSource): unknown {
  try {
    return JSON.parse(source.text);
  } catch (error) {
    throw new DataToolError(
      'DATA_FILE_MALFORMED',
      `${source.label} is not valid JSON: ${(error as Error).message}. Fix it there (JSON needs double quotes, no trailing commas, no comments).`,
      { cause: error },
    );
  }
}

function format(value: unknown, indent: number): string {
  try {
    return JSON.stringify(value, null, indent) ?? 'null';
  } catch (error) {
    throw new DataToolError('DATA_FILE_MALFORMED', `The JSON cannot be written out: ${(error as Error).message}.`, {
      cause: error,
    });
  }
}

function answerWithText(summary: string, text: string, settings: DataSettings): string {
  const cut = cutText(text, settings.MaxCharacters);
  const note = cut.cut ? `\n${cutNote(cut, 'the JSON', 'query a part of it to see the rest')}` : '';
  return `${summary}\n${cut.text}${note}`;
}

async function queryAnswer(
  document: unknown,
  expression: string,
  source: TextSource,
  settings: DataSettings,
): Promise<string> {
  const matches = await queryJson(document, expression);
  const lines: string[] = [];
  let characters = 0;
  for (const match of matches) {
    if (lines.length >= settings.MaxRows) break;
    const line = JSON.stringify(match);
    if (lines.length > 0 && characters + line.length > settings.MaxCharacters) break;
    lines.push(line);
    characters += line.length + 2;
  }
  const shown =
    lines.length === matches.length
      ? `${plural(matches.length, 'match', 'matches')}`
      : `the first ${formatCount(lines.length)} of ${plural(matches.length, 'match', 'matches')} (the rest cut by ${lines.length >= settings.MaxRows ? 'Svc:Tools:Data:MaxRows' : 'Svc:Tools:Data:MaxCharacters'}; narrow the expression to see them)`;
  const summary = `JSONPath ${JSON.stringify(expression)} on ${source.label}: ${shown}.`;
  return `${JSON.stringify({ summary }).slice(0, -1)},"matches":[${lines.length === 0 ? '' : `\n${lines.join(',\n')}\n`}]}`;
}
