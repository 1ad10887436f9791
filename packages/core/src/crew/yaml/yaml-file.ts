import { readFile } from 'node:fs/promises';
import { type Document, LineCounter, parseDocument } from 'yaml';
import type { CrewProblem, SourceLocation } from '../crew-problem.js';

/** One parsed YAML file, with what turns offsets into lines and columns. */
export interface YamlFile {
  readonly file: string;
  readonly document: Document.Parsed;
  readonly lines: LineCounter;
}

/** Reads and parses `file`, keeping positions; YAML syntax errors come back as problems. */
export async function readYamlFile(file: string): Promise<{ yaml?: YamlFile; problems: CrewProblem[] }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'the file does not exist' : String(error);
    return {
      problems: [{ code: 'not-found', path: [], message: `cannot read the crew file: ${reason}.`, location: { file } }],
    };
  }
  const lines = new LineCounter();
  // merge: `<<: *base` copies an anchored map; uniqueKeys: a key written twice is an error, not a silent overwrite.
  const document = parseDocument(text, { lineCounter: lines, merge: true, uniqueKeys: true, prettyErrors: false });
  // Later syntax errors mostly follow from the first; report that one.
  const problems = document.errors.slice(0, 1).map(
    (error): CrewProblem => ({
      code: 'yaml-syntax',
      path: [],
      message: `${error.message.split('\n')[0]?.replace(/ at line \d+, column \d+.*$/, '') ?? 'invalid YAML'}.`,
      location: locationAt({ file, lines }, error.pos[0]),
    }),
  );
  return problems.length > 0 ? { problems } : { yaml: { file, document, lines }, problems };
}

/** The line and column (from 1) of `offset` in a file. */
export function locationAt(source: { file: string; lines: LineCounter }, offset: number | undefined): SourceLocation {
  if (offset === undefined) return { file: source.file, line: 1, column: 1 };
  const { line, col } = source.lines.linePos(offset);
  return { file: source.file, line, column: col };
}
