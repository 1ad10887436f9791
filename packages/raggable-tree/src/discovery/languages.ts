/** The languages the index parses; each has a Tree-sitter grammar in `@vscode/tree-sitter-wasm`. */
export const codeLanguages = ['typescript', 'tsx', 'javascript', 'python', 'go', 'java', 'csharp'] as const;
export type CodeLanguage = (typeof codeLanguages)[number];

/** The grammar file of each language: `tree-sitter-<name>.wasm`. */
export const grammarNames: Readonly<Record<CodeLanguage, string>> = {
  typescript: 'typescript',
  tsx: 'tsx',
  javascript: 'javascript',
  python: 'python',
  go: 'go',
  java: 'java',
  csharp: 'c-sharp',
};

const languageOfExtension: Readonly<Record<string, CodeLanguage>> = {
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'tsx',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  // The JavaScript grammar reads JSX.
  '.jsx': 'javascript',
  '.py': 'python',
  '.pyi': 'python',
  '.go': 'go',
  '.java': 'java',
  '.cs': 'csharp',
};

/** The extensions of source files, for messages. */
export const sourceExtensions = Object.keys(languageOfExtension);

/** The language of a file by its extension, or undefined for a file the index does not parse. */
export function languageOfPath(path: string): CodeLanguage | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? undefined : languageOfExtension[name.slice(dot).toLowerCase()];
}
