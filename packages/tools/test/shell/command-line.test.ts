import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/index.js';

function argvOf(text: string): string[] {
  const parsed = parseCommandLine(text);
  if (!parsed.ok) throw new Error(`expected '${text}' to parse, got: ${parsed.reason}`);
  return parsed.argv;
}

function reasonOf(text: string): string {
  const parsed = parseCommandLine(text);
  if (parsed.ok) throw new Error(`expected '${text}' to be refused, got ${JSON.stringify(parsed.argv)}`);
  return parsed.reason;
}

describe('parseCommandLine: words and quotes', () => {
  it('splits on spaces and tabs, ignoring runs of them', () => {
    expect(argvOf('  ls\t -la   /workspace  ')).toEqual(['ls', '-la', '/workspace']);
    expect(argvOf('')).toEqual([]);
  });

  it('keeps everything inside single quotes literally, operators included', () => {
    expect(argvOf(`grep -n 'a|b; c && d > e' x`)).toEqual(['grep', '-n', 'a|b; c && d > e', 'x']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax under test, not a template
    expect(argvOf(`echo '$(id) \`id\` \${HOME} \\n'`)).toEqual(['echo', '$(id) `id` ${HOME} \\n']);
    expect(argvOf(`echo 'two\nlines'`)).toEqual(['echo', 'two\nlines']);
  });

  it('reads double quotes with the POSIX escapes \\" \\\\ \\$ and keeps other backslashes', () => {
    expect(argvOf(`grep -n "a|b" /workspace/src/x.ts`)).toEqual(['grep', '-n', 'a|b', '/workspace/src/x.ts']);
    expect(argvOf(`echo "say \\"hi\\" \\\\ \\$HOME"`)).toEqual(['echo', 'say "hi" \\ $HOME']);
    expect(argvOf(`grep "a\\.b\\d"`)).toEqual(['grep', 'a\\.b\\d']);
  });

  it('joins adjacent quoted and unquoted parts into one word, and keeps empty quoted words', () => {
    expect(argvOf(`a'b'"c"d`)).toEqual(['abcd']);
    expect(argvOf(`echo '' ""`)).toEqual(['echo', '', '']);
  });

  it('lets an unquoted backslash make the next character literal', () => {
    expect(argvOf('echo a\\ b \\;')).toEqual(['echo', 'a b', ';']);
    expect(argvOf('find . -exec cat {} \\;')).toEqual(['find', '.', '-exec', 'cat', '{}', ';']);
  });
});

describe('parseCommandLine: shell operators', () => {
  const operators: readonly [string, string][] = [
    ['echo a; echo b', "';'"],
    ['echo a && echo b', "'&&'"],
    ['echo a || echo b', "'||'"],
    ['sleep 1 &', "'&'"],
    ['ls | grep a', "'|'"],
    ['echo hi > /workspace/x', "'>'"],
    ['echo hi >> /workspace/x', "'>'"],
    ['cat < /workspace/a.txt', "'<'"],
    ['echo `id`', "'`'"],
    ['echo $(id)', "'$('"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax under test, not a template
    ['echo ${HOME}', "'${'"],
    ['echo a\necho b', 'a line break'],
    ['echo a\recho b', 'a carriage return'],
  ];

  it.each(operators)('refuses %j outside quotes, naming %s', (text, name) => {
    const reason = reasonOf(text);
    expect(reason).toContain(name);
    expect(reason).toContain('run one command per call');
  });

  it('refuses backticks, $( and ${ inside double quotes, escaped or not', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax under test, not a template
    for (const text of ['echo "`id`"', 'echo "$(id)"', 'echo "${HOME}"', 'echo "\\`id\\`"', 'echo "\\$(id)"']) {
      expect(reasonOf(text)).toMatch(/inside double quotes.*single quotes.*run one command per call/);
    }
  });

  it('refuses a line continuation, unclosed quotes, a trailing backslash and NUL', () => {
    expect(reasonOf('echo a \\\n b')).toContain('run one command per call');
    expect(reasonOf(`echo 'open`)).toContain('single quote that is never closed');
    expect(reasonOf('echo "open')).toContain('double quote that is never closed');
    expect(reasonOf('echo a\\')).toContain('backslash');
    expect(reasonOf('echo a\0b')).toContain('NUL');
  });

  it('leaves a lone $ and other characters alone: nothing is expanded anyway', () => {
    expect(argvOf('grep -E foo$ a.txt')).toEqual(['grep', '-E', 'foo$', 'a.txt']);
    expect(argvOf('echo $HOME *.ts ~')).toEqual(['echo', '$HOME', '*.ts', '~']);
  });
});
