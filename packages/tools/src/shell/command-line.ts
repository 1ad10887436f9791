/** A command line split into its program and arguments, or why it was refused. */
export type ParsedCommandLine =
  | { readonly ok: true; readonly argv: string[] }
  | { readonly ok: false; readonly reason: string };

const oneCommandPerCall =
  'Commands run without a shell (no pipes, redirection, chaining, substitution or variables), so run one command per call.';

/** Characters a shell would treat as operators; unquoted, they are refused rather than passed on. */
const operators: readonly { readonly text: string; readonly name: string }[] = [
  { text: '&&', name: "'&&'" },
  { text: '||', name: "'||'" },
  { text: '$(', name: "'$(' (command substitution)" },
  { text: '${', name: "'${' (variable expansion)" },
  { text: ';', name: "';'" },
  { text: '&', name: "'&'" },
  { text: '|', name: "'|'" },
  { text: '>', name: "'>' (redirection)" },
  { text: '<', name: "'<' (redirection)" },
  { text: '`', name: "'`' (command substitution)" },
  { text: '\n', name: 'a line break' },
  { text: '\r', name: 'a carriage return' },
];

/** Characters a backslash escapes inside double quotes, as in a POSIX shell. */
const escapableInDoubleQuotes = new Set(['"', '\\', '$']);

/**
 * Splits a command line into argv the way a POSIX shell would for a simple command,
 * without ever expanding anything: words are separated by spaces and tabs, `'…'`
 * keeps everything literally, `"…"` keeps everything but `\"`, `\\` and `\$`, and an
 * unquoted backslash makes the next character literal.
 *
 * Shell operators outside quotes are refused, naming the character, because no
 * shell will run them and the model should learn that at once. Inside double
 * quotes a shell would still substitute, so backticks, `$(` and `${` are refused
 * there too; single quotes make them literal text.
 */
export function parseCommandLine(text: string): ParsedCommandLine {
  if (text.includes('\0')) return refuse('The command contains a NUL character.');
  const argv: string[] = [];
  let word = '';
  let inWord = false;
  let index = 0;
  const endWord = () => {
    if (inWord) argv.push(word);
    word = '';
    inWord = false;
  };
  while (index < text.length) {
    const char = text.charAt(index);
    if (char === ' ' || char === '\t') {
      endWord();
      index += 1;
      continue;
    }
    const operator = operators.find((candidate) => text.startsWith(candidate.text, index));
    if (operator !== undefined) {
      return refuse(`The command contains ${operator.name} outside quotes. ${oneCommandPerCall}`);
    }
    inWord = true;
    if (char === "'") {
      const end = text.indexOf("'", index + 1);
      if (end < 0) return refuse('The command has a single quote that is never closed.');
      word += text.slice(index + 1, end);
      index = end + 1;
    } else if (char === '"') {
      const quoted = readDoubleQuoted(text, index + 1);
      if (!quoted.ok) return quoted;
      word += quoted.value;
      index = quoted.next;
    } else if (char === '\\') {
      const next = text.charAt(index + 1);
      if (next === '') return refuse('The command ends with a backslash that escapes nothing.');
      if (next === '\n' || next === '\r') {
        return refuse(`The command continues on another line. ${oneCommandPerCall}`);
      }
      word += next;
      index += 2;
    } else {
      word += char;
      index += 1;
    }
  }
  endWord();
  return { ok: true, argv };
}

function readDoubleQuoted(
  text: string,
  start: number,
): { ok: true; value: string; next: number } | { ok: false; reason: string } {
  let value = '';
  let index = start;
  while (index < text.length) {
    const char = text.charAt(index);
    if (char === '"') return { ok: true, value, next: index + 1 };
    // Escaped or not, these read as substitution; refusing both keeps the rule simple.
    const substitution = substitutionAt(text, char === '\\' ? index + 1 : index);
    if (substitution !== undefined) {
      return refuse(
        `The command contains '${substitution}' inside double quotes, where a shell would substitute it; nothing is substituted here. Put literal text in single quotes. ${oneCommandPerCall}`,
      );
    }
    const next = text.charAt(index + 1);
    if (char === '\\' && escapableInDoubleQuotes.has(next)) {
      value += next;
      index += 2;
    } else {
      value += char;
      index += 1;
    }
  }
  return refuse('The command has a double quote that is never closed.');
}

function substitutionAt(text: string, index: number): string | undefined {
  if (text.charAt(index) === '`') return '`';
  const pair = text.slice(index, index + 2);
  return pair === '$(' || pair === '${' ? pair : undefined;
}

function refuse(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
