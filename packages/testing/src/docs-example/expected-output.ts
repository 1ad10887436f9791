/**
 * What a docs program says it prints: the comment after each `console.log(…);`, on the same line
 * (`console.log(x); // 42`) or alone on the line below it, which pages use when the line would be too long.
 * Other comments explain the code and are not output.
 */
export function expectedOutput(program: string): string[] {
  return [...program.matchAll(/console\.log\(.*\);(?: \/\/ (.*)|\n[ \t]*\/\/ (.*))$/gm)].map(
    (match) => match[1] ?? match[2] ?? '',
  );
}
