/** Project files that mark a package (level L1) and list its dependencies. */
export const manifestKinds = [
  'package.json',
  'go.mod',
  'pom.xml',
  'build.gradle',
  'csproj',
  'pyproject.toml',
  'requirements.txt',
] as const;
export type ManifestKind = (typeof manifestKinds)[number];

/** The kind of project file a file name is, if any. */
export function manifestKindOf(path: string): ManifestKind | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  if (name.endsWith('.csproj')) return 'csproj';
  if (name === 'build.gradle' || name === 'build.gradle.kts') return 'build.gradle';
  return (manifestKinds as readonly string[]).includes(name) ? (name as ManifestKind) : undefined;
}
