/**
 * Options of the read-only commands that would step around the path checks: they
 * follow symbolic links found while recursing (which may lead out of the mounts),
 * read file names from a file, write, delete and run programs (`find`, when an
 * operator lists it), or print names in an encoding the output rewriting cannot
 * recognise. Checked only while the read-only limits are in force, on every
 * argument: a `--` does not end the check (`find -- . -exec …` still runs
 * `-exec`), and refusing an operand that merely looks like a refused option
 * costs less than missing one.
 */
interface RefusedOption {
  /** A short option letter, also found inside clusters such as `-rnR`. */
  readonly short?: string;
  /** A long option name without dashes; GNU tools also accept any unique prefix of it. */
  readonly long?: string;
  /** A whole argument, for `find`'s single-dash predicates. */
  readonly exact?: string;
  /** Values of a long option that stay allowed (`--quoting-style=literal`); any other value is refused. */
  readonly allowedValues?: readonly string[];
  readonly why: string;
}

interface OptionGuard {
  /** Short options that take a value, attached (`-eR`) or as the next argument (`-e R`). */
  readonly valueLetters: string;
  readonly refused: readonly RefusedOption[];
}

const followsLinks = 'it follows symbolic links, which can lead outside the mounts';
const escapesNames =
  'it escapes characters inside file names, so folder names in the output could no longer be recognised and replaced by virtual paths; use the default (literal) names';

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
      { long: 'hyperlink', why: 'it writes the host name and percent-encoded physical paths' },
      { short: 'D', why: 'its byte offsets reveal the length of physical paths' },
      { long: 'dired', why: 'its byte offsets reveal the length of physical paths' },
      { short: 'b', why: escapesNames },
      { long: 'escape', why: escapesNames },
      { short: 'Q', why: escapesNames },
      { long: 'quote-name', why: escapesNames },
      { long: 'quoting-style', allowedValues: ['literal'], why: escapesNames },
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
  for (const [position, arg] of args.entries()) {
    if (skipNext) {
      skipNext = false;
      continue;
    }
    const exact = guard.refused.find((refused) => refused.exact === arg);
    if (exact !== undefined) return refusal(arg, exact);
    if (arg === '--') continue;
    if (arg.startsWith('--')) {
      const [name = '', ...valueParts] = arg.slice(2).split('=');
      const long = guard.refused.find(
        (refused) => refused.long !== undefined && name.length > 0 && refused.long.startsWith(name),
      );
      if (long === undefined) continue;
      // A long option's value is glued with '=' or, for options that need one, the next argument.
      const value = valueParts.length > 0 ? valueParts.join('=') : args[position + 1];
      if (long.allowedValues === undefined || value === undefined || !long.allowedValues.includes(value)) {
        return refusal(`--${long.long}`, long);
      }
      skipNext = valueParts.length === 0;
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
