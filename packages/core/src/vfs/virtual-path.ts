/**
 * Turns what an agent wrote into a clean absolute virtual path, or says why not.
 * Refused outright rather than "fixed": NUL bytes, backslashes (Windows
 * separators), percent-encoding (`%2e%2e`, `%2f`), drive letters, relative paths
 * and `..` that climbs above `/`. `.`, `//` and `..` inside the tree are resolved.
 */
export function normalizeVirtualPath(input: string): { ok: true; path: string } | { ok: false; reason: string } {
  if (typeof input !== 'string' || input.length === 0) return { ok: false, reason: 'the path is empty' };
  if (input.includes('\0')) return { ok: false, reason: 'the path contains a NUL byte' };
  if (input.includes('\\')) return { ok: false, reason: "the path contains a backslash; virtual paths use '/'" };
  if (/%[0-9a-f]{2}/i.test(input))
    return { ok: false, reason: 'the path contains percent-encoding; write the characters themselves' };
  if (/^[A-Za-z]:/.test(input))
    return { ok: false, reason: "the path starts with a drive letter; virtual paths start with '/'" };
  if (!input.startsWith('/'))
    return { ok: false, reason: "the path is relative; virtual paths start with '/', e.g. /workspace/file.txt" };
  const segments: string[] = [];
  for (const segment of input.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return { ok: false, reason: 'path traversal detected: the path climbs above /' };
      segments.pop();
    } else {
      segments.push(segment);
    }
  }
  return { ok: true, path: `/${segments.join('/')}` };
}
