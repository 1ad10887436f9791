/** What a mount lets an agent do with the files below it. */
export type FileRight = 'Read' | 'Write' | 'Create' | 'Delete';

/** The rights tokens of a mount string. */
export type RightsToken = 'ro' | 'rw' | 'rwnd';

export const rightsTokens: Readonly<Record<RightsToken, readonly FileRight[]>> = {
  ro: ['Read'],
  rw: ['Read', 'Write', 'Create', 'Delete'],
  rwnd: ['Read', 'Write', 'Create'],
};

export function isRightsToken(text: string): text is RightsToken {
  return Object.hasOwn(rightsTokens, text);
}

/** `Read`, `Read, Write, Create` or `None`, as denial messages show them. */
export function describeRights(token: RightsToken | undefined): string {
  return token === undefined ? 'None' : rightsTokens[token].join(', ');
}
