/**
 * Options of the read-only commands that would step around the path checks: they
 * follow symbolic links found while recursing (which may lead out of the mounts),
 * read file names from a file, or write, delete and run programs (`find`, when an
 * operator lists it). Checked only while the read-only limits are in force.
 */
interface RefusedOption {
  /** A short option letter, also found inside clusters such as `-rnR`. */
  readonly short?: string;
  /** A long option name without dashes; GNU tools also accept any unique prefix of it. */
  readonly long?: string;
  /** A whole argument, for `find`'s single-dash predicates. */
  readonly exact?: string;
  readonly why: string;
}

interface OptionGuard {
  /** Short options that take a value, attached (`-eR`) or as the next argument (`-e R`). */
  readonly valueLetters: string;
  readonly refused: readonly RefusedOption[];
}

const followsLinks = 'it follows symbolic links, which can lead outside the mounts';

const optionGuards: Readonly<Record<string, OptionGuard>> = {
  grep: {
    valueLetters: 'efmABCdD',
    refused: [
      { short: 'R', why: `${followsLinks}; use -r` },
      { long: 'dereference-recursive', why: `${followsLinks}; use --recursive` },
    ],
  },
  ls: {
    valueLetters: 'ITw',
    refused: [
      { short: 'L', why: followsLinks },
      { long: 'dereference', why: followsLinks },
    ],
  },
  wc: {
    valueLetters: '',
    refused: [{ long: 'files0-from', why: 'it reads file names from a file, past the path checks' }],
  },
  find: {
    valueLetters: '',
    refused: [
      ...['-exec', '-execdir', '-ok', '-okdir'].map((exact) => ({ exact, why: 'it runs programs' })),
      ...['-delete', '-fprint', '-fprint0', '-fprintf', '-fls'].map((exact) => ({
        exact,
        why: 'it deletes or writes files',
      })),
      ...['-L', '-follow'].map((exact) => ({ exact, why: followsLinks })),
      { exact: '-files0-from', why: 'it reads start points from a file, past the path checks' },
    ],
  },
};

/** Why an option of `program` is refused in read-only mode, or `undefined` when every option is fine. */
export function refusedOption(program: string, args: readonly string[]): string | undefined {
  // An operator may list any name, `constructor` included: only own entries count.
  const guard = Object.hasOwn(optionGuards, program) ? optionGuards[program] : undefined;
  if (guard === undefined) return undefined;
  const refusal = (option: string, refused: RefusedOption) =>
    `Option '${option}' of ${program} is not allowed: ${refused.why}.`;
  let skipNext = false;
  for (const arg of args) {
    if (skipNext) {
      skipNext = false;
      continue;
    }
    const exact = guard.refused.find((refused) => refused.exact === arg);
    if (exact !== undefined) return refusal(arg, exact);
    if (arg === '--') break;
    if (arg.startsWith('--')) {
      const name = arg.slice(2).split('=', 1)[0] ?? '';
      const long = guard.refused.find(
        (refused) => refused.long !== undefined && name.length > 0 && refused.long.startsWith(name),
      );
      if (long !== undefined) return refusal(`--${long.long}`, long);
    } else if (arg.startsWith('-') && arg.length > 1) {
      for (let index = 1; index < arg.length; index++) {
        const letter = arg.charAt(index);
        const short = guard.refused.find((refused) => refused.short === letter);
        if (short !== undefined) return refusal(`-${letter}`, short);
        if (guard.valueLetters.includes(letter)) {
          // The rest of the cluster, or else the next argument, is this option's value.
          skipNext = index === arg.length - 1;
          break;
        }
      }
    }
  }
  return undefined;
}
