/** Texts every chunker is checked on: plain prose, CRLF line ends, unicode with emoji, and text without any whitespace. */

export const prose = Array.from(
  { length: 12 },
  (_, index) =>
    `Paragraph ${index} opens with a short sentence. It goes on with a second one.\nA new line adds a third sentence to it.`,
).join('\n\n');

export const crlfProse = prose.replaceAll('\n', '\r\n');

export const unicodeText = [
  'Zoë’s café served crème brûlée 🍮 and a flat white ☕. The family 👩‍👩‍👧‍👦 stayed until closing time!',
  '今日は晴れです。明日は雨が降るでしょう。週末は山に行きます。',
  'Emoji run: 😀😃😄😁😆😅😂🤣🥲☺️😊😇🙂🙃😉😌😍🥰😘😗😙😚😋😛😝😜🤪🤨🧐🤓😎🥸🤩🥳.',
  'Ελληνικά κείμενα έχουν επίσης προτάσεις. Русский текст тоже здесь. Done.',
].join('\n\n');

export const unbrokenLetters = 'x'.repeat(230);

export const unbrokenEmoji = `a${'😀'.repeat(80)}`;

export const samples = { prose, crlfProse, unicodeText, unbrokenLetters, unbrokenEmoji };
