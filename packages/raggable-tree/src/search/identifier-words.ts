/**
 * The words of code and of questions about it, lower case: identifiers split at case
 * changes, digits and underscores (`parseHTTPRequest` → parse, http, request, and the
 * whole `parsehttprequest`), a plural `s` taken off, one-letter words dropped.
 */
export function identifierWords(text: string): string[] {
  const words: string[] = [];
  for (const token of text.match(/[\p{L}\p{N}_$]+/gu) ?? []) {
    const parts = token
      .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
      .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
      .split(/[\s_$]+|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u)
      .filter((part) => part !== '');
    for (const part of parts) words.push(stem(part.toLowerCase()));
    const whole = token.replace(/[_$]/g, '').toLowerCase();
    if (parts.length > 1 && whole !== '') words.push(stem(whole));
  }
  return words.filter((word) => word.length > 1);
}

function stem(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}
