/**
 * The readings of a text an injection may hide in: the text as written, and the text with
 * its disguises taken off (invisible characters, look-alike letters, spaced-out letters,
 * digits for letters, base64 / hex / percent encoding, rot13, reversal). Each pattern is
 * matched against every reading; a finding says whether it was found only under a disguise.
 */
export interface TextVariant {
  readonly text: string;
  /** How the text was uncovered; absent for the text as written. */
  readonly disguise?: string;
}

const invisible =
  /\u00ad|\u034f|\u061c|\u115f|\u1160|\u17b4|\u17b5|\u180e|[\u200b-\u200f]|[\u202a-\u202e]|[\u2060-\u2064]|[\u206a-\u206f]|\ufeff/g;

/** Cyrillic and Greek letters drawn like Latin ones, as used to dodge word filters. */
const lookAlikes: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  ո: 'n',
  ս: 'u',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  Ζ: 'Z',
};
const lookAlikePattern = new RegExp(`[${Object.keys(lookAlikes).join('')}]`, 'g');
const lookAlikeTest = new RegExp(`[${Object.keys(lookAlikes).join('')}]`);
const invisibleTest = new RegExp(invisible.source);

const leet: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
};

/** A word written with digits or symbols for letters (`1gn0r3`, `pr3v10u5`): letters and at least one stand-in. */
const leetWord = /[a-z0-9@$!|]*[a-z][a-z0-9@$!|]*/gi;

/** Letters spelled one by one: `i g n o r e`, `i.g.n.o.r.e`, `i-g-n-o-r-e` (four letters or more). */
const spacedLetters = /(?<!\p{L})(?:\p{L}[ .\-_*]{1,3}){3,}\p{L}(?!\p{L})/gu;
const spacedLettersTest = /(?<!\p{L})(?:\p{L}[ .\-_*]){3}\p{L}(?!\p{L})/u;
/** A digit or symbol inside a word, as in `1gn0r3`. */
const leetTest = /[a-z][0-9@$!|]+[a-z]|(?<![\w.])[0-9@$!|][a-z]{2,}/i;

/** A run of base64 (standard or URL alphabet), as one whitespace-separated piece of the text. */
const base64Piece = /^[A-Za-z0-9+/_-]{16,}={0,2}$/;
const hexRun = /\b(?:[0-9a-f]{2}[ :]?){10,}\b/gi;
const percentEncoded = /(?:%[0-9a-f]{2}){4,}/i;

/** What is mostly readable text: decoded bytes that are not text are no disguise. */
function readable(text: string): boolean {
  if (text.length < 8) return false;
  let letters = 0;
  for (const character of text) if (/[\p{L}\p{N}\s.,;:'"!?()-]/u.test(character)) letters++;
  return letters / text.length > 0.85;
}

function decodedBase64(run: string): string | undefined {
  const padded = run.replaceAll('-', '+').replaceAll('_', '/');
  const text = Buffer.from(padded, 'base64').toString('utf8');
  return readable(text) ? text : undefined;
}

function decodedHex(run: string): string | undefined {
  const text = Buffer.from(run.replace(/[ :]/g, ''), 'hex').toString('utf8');
  return readable(text) ? text : undefined;
}

function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (letter) => {
    const base = letter <= 'Z' ? 65 : 97;
    return String.fromCharCode(((letter.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/** The text with its disguises taken off, each reading once; the first is the text as written (NFKC). */
export function textVariants(text: string): TextVariant[] {
  const written = text.normalize('NFKC');
  const variants: TextVariant[] = [{ text: written }];
  const seen = new Set([written]);
  const add = (candidate: string, disguise: string) => {
    if (seen.has(candidate)) return;
    seen.add(candidate);
    variants.push({ text: candidate, disguise });
  };
  // Each disguise is looked for before the text is rewritten: most texts wear none.
  const visible = invisibleTest.test(written) ? written.replace(invisible, '') : written;
  add(visible, 'invisible characters');
  const latin = lookAlikeTest.test(visible)
    ? visible.replace(lookAlikePattern, (letter) => lookAlikes[letter] ?? letter)
    : visible;
  add(latin, 'look-alike letters');
  if (spacedLettersTest.test(latin))
    add(
      latin.replace(spacedLetters, (run) => run.replace(/(\p{L})[ .\-_*](?=\p{L})/gu, '$1')).replace(/ {2,}/g, ' '),
      'spaced-out letters',
    );
  if (leetTest.test(latin))
    add(
      latin.replace(leetWord, (word) =>
        /[0-9@$!|]/.test(word) ? word.replace(/[0-9@$!|]/g, (c) => leet[c] ?? c) : word,
      ),
      'digits for letters',
    );
  const decoded: string[] = [];
  // Whole pieces between spaces: a regex run over every word would cost more than the rest of the screen.
  for (const piece of visible.split(/[\s"'`()<>[\]{}:;,]+/)) {
    if (piece.length < 16 || !base64Piece.test(piece)) continue;
    const run = piece;
    const text = decodedBase64(run);
    if (text !== undefined) decoded.push(text);
  }
  if (decoded.length > 0) add(decoded.join('\n'), 'base64');
  const hex = (visible.match(hexRun) ?? []).flatMap((run) => decodedHex(run) ?? []);
  if (hex.length > 0) add(hex.join('\n'), 'hex');
  if (percentEncoded.test(visible)) {
    try {
      add(decodeURIComponent(visible.replace(/\+/g, ' ')), 'percent encoding');
    } catch {
      // Not valid percent encoding: nothing hides there.
    }
  }
  if (/rot[- ]?13|caesar|rotate/i.test(visible)) add(rot13(visible), 'rot13');
  if (/revers|backwards|right to left|from the end/i.test(visible))
    add([...visible].reverse().join(''), 'reversed text');
  return variants;
}
