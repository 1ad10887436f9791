import { type Tool, toolFamilyOf } from '@orkeon/core';
import { type KnownToolFamily, knownToolFamilies, knownToolFamilyNames } from './known-tool-families.js';

/** The prefix that names all of one family's tools in a crew's `tools:` list: `family:<name>`. */
export const toolFamilyGroupPrefix = 'family:';

/** `family:<name>` → the names of that family's tools among `tools` (marked with `inToolFamily`). */
export function toolFamilyGroups(tools: readonly Tool[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const tool of tools) {
    const family = toolFamilyOf(tool);
    if (family === undefined) continue;
    const key = `${toolFamilyGroupPrefix}${family}`.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), tool.name]);
  }
  return groups;
}

/**
 * A `tools:` list with each `family:<name>` replaced by that family's tools (each
 * name once). A reference that is not in `groups` stays as it is, so the crew's
 * validation reports it (see `toolFamilyReferenceProblem` for the words).
 */
export function expandToolFamilies(names: readonly string[], groups: ReadonlyMap<string, readonly string[]>): string[] {
  const expanded: string[] = [];
  const add = (name: string) => {
    if (!expanded.some((known) => known.toLowerCase() === name.toLowerCase())) expanded.push(name);
  };
  for (const name of names) {
    const members = name.toLowerCase().startsWith(toolFamilyGroupPrefix) ? groups.get(name.toLowerCase()) : undefined;
    if (members === undefined) add(name);
    else for (const member of members) add(member);
  }
  return expanded;
}

/**
 * Why `family:<name>` names no tools: an unknown family (naming the known ones), or
 * a known one none of whose tools is offered here (naming the package or settings).
 * Undefined when `reference` is not a `family:` reference.
 */
export function toolFamilyReferenceProblem(
  reference: string,
  known: readonly KnownToolFamily[] = knownToolFamilies,
): string | undefined {
  if (!reference.toLowerCase().startsWith(toolFamilyGroupPrefix)) return undefined;
  const name = reference.slice(toolFamilyGroupPrefix.length);
  const entry = known.find((candidate) => candidate.name === name.toLowerCase());
  if (entry === undefined)
    return `unknown tool family '${name}'; known families: ${knownToolFamilyNames(known).join(', ')}.`;
  return `the tool family '${entry.name}' offers no tools here: install ${entry.packageName} if it is missing, and check its settings (orkeon run --list-tools shows which tools a setting has not enabled).`;
}
