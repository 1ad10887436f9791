import { isModuleMissing, OptionalPackageMissingError } from './errors/optional-package-error.js';

/** Loads a module by name; the family takes another for tests. */
export type PackageImporter = (name: string) => Promise<unknown>;

export const importPackage: PackageImporter = (name) => import(name);

/** What the optional peer packages offer the tools, as far as they use them. */
export interface OptionalPackages {
  '@octokit/rest': typeof import('@octokit/rest');
  '@slack/web-api': typeof import('@slack/web-api');
}

const packageErrors = {
  '@octokit/rest': { code: 'WEB_GITHUB_PACKAGE_MISSING', tools: "The 'github' tool" },
  '@slack/web-api': {
    code: 'WEB_SLACK_PACKAGE_MISSING',
    tools: "The 'slack_send_message' and 'slack_read_messages' tools",
  },
} as const;

/**
 * Loads an optional peer package, or throws `OptionalPackageMissingError`
 * (`WEB_GITHUB_PACKAGE_MISSING`, `WEB_SLACK_PACKAGE_MISSING`) naming it and the install command.
 */
export async function loadOptionalPackage<Name extends keyof OptionalPackages>(
  name: Name,
  importer: PackageImporter = importPackage,
): Promise<OptionalPackages[Name]> {
  try {
    return (await importer(name)) as OptionalPackages[Name];
  } catch (error) {
    if (!isModuleMissing(error, name)) throw error;
    const { code, tools } = packageErrors[name];
    throw new OptionalPackageMissingError(code, name, tools, error);
  }
}
