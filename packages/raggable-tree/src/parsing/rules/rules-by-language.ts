import type { CodeLanguage } from '../../discovery/languages.js';
import type { LanguageRules } from '../language-rules.js';
import { csharpRules } from './csharp-rules.js';
import { goRules } from './go-rules.js';
import { javaRules } from './java-rules.js';
import { pythonRules } from './python-rules.js';
import { typescriptRules } from './typescript-rules.js';

/** The rules each language's syntax tree is read with. */
export const rulesByLanguage: Readonly<Record<CodeLanguage, LanguageRules>> = {
  typescript: typescriptRules,
  tsx: typescriptRules,
  javascript: typescriptRules,
  python: pythonRules,
  go: goRules,
  java: javaRules,
  csharp: csharpRules,
};
