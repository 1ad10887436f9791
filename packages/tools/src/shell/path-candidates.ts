/**
 * A part of an argument that a program may read as a file name: the whole
 * argument, the text after an `=` (`--file=x`, `if=x`), or the text glued to a
 * short option (`-fx`, also inside a cluster such as `-nfx`). `start` is where
 * it begins in the argument.
 */
export interface PathCandidate {
  readonly start: number;
  readonly value: string;
}

/**
 * Every way `arg` could name a file, without knowing the program's options:
 * nothing is left out because it starts with `-`, stands after `--` or is glued
 * to something. Checking too many parts costs a few look-ups; checking too few
 * lets a link through.
 *
 * In a short-option cluster, a value may start after any letter of the leading
 * run of letters and digits, or at the first other character (`-f.pat`,
 * `-f/abs`); option letters are never punctuation, so later positions are inside
 * that value, not new starts.
 */
export function pathCandidates(arg: string): PathCandidate[] {
  const starts = new Set<number>([0]);
  for (let index = arg.indexOf('='); index >= 0; index = arg.indexOf('=', index + 1)) {
    starts.add(index + 1);
  }
  if (/^-[^-]/.test(arg)) {
    for (let index = 2; index < arg.length; index++) {
      starts.add(index);
      if (!/[A-Za-z0-9]/.test(arg.charAt(index))) break;
    }
  }
  return [...starts]
    .sort((a, b) => a - b)
    .map((start) => ({ start, value: arg.slice(start) }))
    .filter((candidate) => candidate.value.length > 0);
}
