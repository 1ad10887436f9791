import type { ManifestKind } from './manifest-kinds.js';

/** What a project file says about its package: a name, the packages it depends on, the SDK (C#). */
export interface ManifestFacts {
  readonly name?: string;
  /** Dependency names as the ecosystem writes them: `express`, `github.com/gin-gonic/gin`, `org.springframework.boot:spring-boot-starter-web`. */
  readonly dependencies: readonly string[];
  /** A .NET project's SDK, e.g. `Microsoft.NET.Sdk.Web`. */
  readonly sdk?: string;
}

/**
 * Reads a project file's name and dependencies with small, forgiving parsers: a file that
 * cannot be read as its kind gives what could be read (often nothing), never an error,
 * since a broken manifest must not stop the index of the code beside it.
 */
export function readManifest(kind: ManifestKind, path: string, text: string): ManifestFacts {
  switch (kind) {
    case 'package.json':
      return packageJson(text);
    case 'go.mod':
      return goMod(text);
    case 'pom.xml':
      return pomXml(text);
    case 'build.gradle':
      return {
        dependencies: unique([...text.matchAll(/['"]([\w.-]+):([\w.-]+)(?::[^'"]*)?['"]/g)].map(groupArtifact)),
      };
    case 'csproj':
      return csproj(path, text);
    case 'pyproject.toml':
      return pyproject(text);
    case 'requirements.txt':
      return { dependencies: unique(text.split('\n').map(requirementName).filter(isText)) };
  }
}

function packageJson(text: string): ManifestFacts {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { dependencies: [] };
  }
  if (typeof parsed !== 'object' || parsed === null) return { dependencies: [] };
  const record = parsed as Record<string, unknown>;
  const dependencies = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap(
    (field) => {
      const value = record[field];
      return typeof value === 'object' && value !== null ? Object.keys(value) : [];
    },
  );
  const name = typeof record.name === 'string' && record.name !== '' ? record.name : undefined;
  return { ...(name === undefined ? {} : { name }), dependencies: unique(dependencies) };
}

function goMod(text: string): ManifestFacts {
  const name = /^\s*module\s+(\S+)/m.exec(text)?.[1];
  const dependencies: string[] = [];
  for (const block of text.matchAll(/^\s*require\s*\(([\s\S]*?)\)/gm))
    for (const line of (block[1] ?? '').split('\n')) {
      const module = /^\s*([^\s/][^\s]*)\s+v/.exec(line)?.[1];
      if (module !== undefined) dependencies.push(module);
    }
  for (const line of text.matchAll(/^\s*require\s+([^\s(]+)\s+v/gm)) dependencies.push(line[1] as string);
  return { ...(name === undefined ? {} : { name }), dependencies: unique(dependencies) };
}

function pomXml(text: string): ManifestFacts {
  const withoutComments = text.replace(/<!--[\s\S]*?-->/g, '');
  const dependencies = [...withoutComments.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)]
    .map((block) => {
      const group = /<groupId>\s*([^<\s]+)\s*<\/groupId>/.exec(block[1] ?? '')?.[1];
      const artifact = /<artifactId>\s*([^<\s]+)\s*<\/artifactId>/.exec(block[1] ?? '')?.[1];
      return group === undefined || artifact === undefined ? undefined : `${group}:${artifact}`;
    })
    .filter(isText);
  // The project's own artifactId: the first one outside <parent>, <dependencies>, <build> and <plugins>.
  const own = withoutComments.replace(
    /<(parent|dependencies|dependencyManagement|build|plugins|profiles)>[\s\S]*?<\/\1>/g,
    '',
  );
  const name = /<artifactId>\s*([^<\s]+)\s*<\/artifactId>/.exec(own)?.[1];
  return { ...(name === undefined ? {} : { name }), dependencies: unique(dependencies) };
}

function csproj(path: string, text: string): ManifestFacts {
  const file = path.slice(path.lastIndexOf('/') + 1);
  const name = file.slice(0, file.length - '.csproj'.length);
  const dependencies = [...text.matchAll(/<PackageReference\s+[^>]*Include\s*=\s*"([^"]+)"/gi)].map(
    (match) => match[1] as string,
  );
  const sdk = /<Project\s+[^>]*Sdk\s*=\s*"([^"]+)"/i.exec(text)?.[1];
  return { name, dependencies: unique(dependencies), ...(sdk === undefined ? {} : { sdk }) };
}

function pyproject(text: string): ManifestFacts {
  const name = /^\s*name\s*=\s*["']([^"']+)["']/m.exec(text)?.[1];
  const dependencies: string[] = [];
  const list = /^\s*dependencies\s*=\s*\[([\s\S]*?)\]/m.exec(text)?.[1];
  if (list !== undefined)
    for (const item of list.matchAll(/["']([^"']+)["']/g)) {
      const dependency = requirementName(item[1] as string);
      if (dependency !== undefined) dependencies.push(dependency);
    }
  // Poetry lists its dependencies as the keys of a table.
  const poetry = /^\[tool\.poetry(?:\.group\.\w+)?\.dependencies\]\s*\n([\s\S]*?)(?=^\[|$(?![\s\S]))/m.exec(text)?.[1];
  if (poetry !== undefined)
    for (const line of poetry.split('\n')) {
      const key = /^\s*([A-Za-z0-9][\w.-]*)\s*=/.exec(line)?.[1];
      if (key !== undefined && key.toLowerCase() !== 'python') dependencies.push(key.toLowerCase());
    }
  return { ...(name === undefined ? {} : { name }), dependencies: unique(dependencies) };
}

/** The distribution name of a requirement line (`Flask>=2.0 ; python_version > "3"` → `flask`). */
function requirementName(line: string): string | undefined {
  const trimmed = line.replace(/#.*/, '').trim();
  if (trimmed === '' || trimmed.startsWith('-')) return undefined;
  return /^([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(trimmed)?.[1]?.toLowerCase();
}

function groupArtifact(match: RegExpMatchArray): string {
  return `${match[1]}:${match[2]}`;
}

function isText(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
