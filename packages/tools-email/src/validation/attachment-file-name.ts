// A sender chooses an attachment's name; it must never choose where the file lands. Only the last
// path segment is kept, and what a file system could read as a path, a device or a hidden file goes.

const maxFileNameLength = 120;
const unsafeCharacters = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>:"|?*\\/]/gu;
const windowsDeviceName = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/**
 * A file name made safe to create in a chosen folder: no folder parts, no control characters, no
 * leading dots, not `.`/`..`, no device names, at most 120 characters (the extension kept).
 * `fallback` (itself safe) is used when nothing is left.
 */
export function safeAttachmentFileName(name: string | undefined, fallback: string): string {
  const lastSegment = (name ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  let cleaned = lastSegment.replace(unsafeCharacters, '_').replace(/\s+/g, ' ');
  cleaned = cleaned.replace(/^[\s.]+/, '').replace(/[\s.]+$/, '');
  if (cleaned.length === 0 || /^_+$/.test(cleaned)) cleaned = fallback;
  if (windowsDeviceName.test(cleaned)) cleaned = `_${cleaned}`;
  return shorten(cleaned);
}

function shorten(name: string): string {
  const characters = Array.from(name);
  if (characters.length <= maxFileNameLength) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  const keep = extension.length > 0 && extension.length <= 16 ? extension : [];
  return characters.slice(0, maxFileNameLength - keep.length).join('') + keep.join('');
}

/** `report.pdf`, `report (1).pdf`, `report (2).pdf`, …: the `index`-th alternative to an existing name. */
export function numberedFileName(name: string, index: number): string {
  if (index === 0) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${index})${name.slice(dot)}` : `${name} (${index})`;
}
