import type { CodeLanguage } from '../discovery/languages.js';
import type { IndexedManifest } from '../indexing/code-index.js';
import type { ExtractedSymbol, ImportReference } from '../parsing/extracted-file.js';

/** Level L1: a folder with a project file (package.json, go.mod, *.csproj, pyproject.toml, pom.xml, …). */
export interface PackageNode {
  readonly name: string;
  readonly folder: string;
  readonly manifests: readonly IndexedManifest[];
  /** The dependencies its project files declare. */
  readonly declaredDependencies: readonly string[];
  readonly files: readonly string[];
  readonly frameworks: readonly string[];
}

/** Where an import leads: files of the index, a package of the index, or an outside package. */
export interface ResolvedImport extends ImportReference {
  readonly files: readonly string[];
  /** The package of the index it leads to, when another than the importer's. */
  readonly package?: string;
  /** The outside package (npm, PyPI, Go module, Java package, namespace) when it leads out of the index. */
  readonly external?: string;
}

/** Level L2: a source file. */
export interface FileNode {
  readonly path: string;
  readonly language: CodeLanguage;
  readonly package: string;
  /** Its path from the package folder without the extension: `src/tools/search`. */
  readonly module: string;
  readonly lines: number;
  readonly syntaxErrors: number;
  readonly namespaces: readonly string[];
  /** Its symbols' ids, in the order of the file. */
  readonly symbols: readonly string[];
  readonly imports: readonly ResolvedImport[];
}

/** Level L3: a symbol with its qualified name `package::module::Class::method`. */
export interface SymbolNode extends ExtractedSymbol {
  readonly id: string;
  readonly file: string;
  readonly language: CodeLanguage;
  readonly package: string;
  readonly module: string;
  /** The id of the symbol that holds it. */
  readonly parent?: string;
  /** The vector of its summary (base64 float32), when embedded. */
  readonly vector?: string;
}
