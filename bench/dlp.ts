// Precision and recall of the DLP PII detector on the labelled corpus of bench/dlp-corpus:
// texts with personal data (every item labelled with its kind) and look-alikes without any
// (order numbers, version strings, dates, numbers that fail their check digits, …), on the
// development half the detector was tuned on and on the held-out half it never saw; then
// how fast it scans mixed text (the whole corpus, over and over) in MB/s.
// `npm run bench -- dlp`; `node --conditions=@orkeon/source --import tsx bench/dlp.ts --misses` lists the misses.
import { readFile } from 'node:fs/promises';
import { type PiiType, piiTypes } from '@orkeon/core';
import { createDlpInterceptors, defineDlpPolicy, RegexPiiDetector } from '@orkeon/dlp';

interface Sample {
  readonly id: string;
  readonly kind: 'positive' | 'lookalike';
  readonly text: string;
  readonly pii: readonly { readonly type: PiiType; readonly value: string }[];
}

/** Counts of one kind (or all) on one half. */
export interface DlpRates {
  readonly corpus: 'development' | 'held-out';
  readonly type: PiiType | 'all';
  readonly labelled: number;
  readonly found: number;
  /** Found items that are a labelled item of the same kind (their spans overlap). */
  readonly right: number;
  /** Labelled items that were found. */
  readonly recalled: number;
  readonly misses: readonly string[];
  readonly wrong: readonly string[];
}

async function samples(corpus: DlpRates['corpus']): Promise<Sample[]> {
  const text = await readFile(new URL(`./dlp-corpus/${corpus}.jsonl`, import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Sample);
}

/** Every occurrence of each labelled value, as spans (a value written twice is two items, listed once or twice). */
function labelledSpans(sample: Sample) {
  const spans = new Map<string, { type: PiiType; start: number; end: number; value: string }>();
  for (const item of sample.pii)
    for (let at = sample.text.indexOf(item.value); at >= 0; at = sample.text.indexOf(item.value, at + 1))
      spans.set(`${item.type} ${at}`, { type: item.type, start: at, end: at + item.value.length, value: item.value });
  return [...spans.values()];
}

/** Scan speed on mixed text: one way of scanning, in MB (10^6 bytes of UTF-8) per second. */
export interface DlpThroughput {
  readonly label: string;
  readonly megabytesPerSecond: number;
  /** Items found per MB. */
  readonly itemsPerMegabyte: number;
}

export interface DlpMeasures {
  readonly rates: readonly DlpRates[];
  readonly throughput: readonly DlpThroughput[];
}

export async function measureDlp(): Promise<DlpMeasures> {
  return { rates: await measureRates(), throughput: await measureThroughput() };
}

/** Mixed text: every text of both halves (personal data and look-alikes), one per line, repeated to 2 MB. */
async function mixedText(): Promise<string> {
  const lines = [...(await samples('development')), ...(await samples('held-out'))].map((sample) => sample.text);
  const once = `${lines.join('\n')}\n`;
  return once.repeat(Math.ceil(2_000_000 / Buffer.byteLength(once)));
}

/**
 * The median of 7 timed passes over the mixed text, after 2 unmeasured ones: the detector
 * over the whole text, the detector over 4,000-character pieces (the size of a tool result),
 * and the ToolOutput interceptor masking every kind over the same pieces.
 */
async function measureThroughput(): Promise<DlpThroughput[]> {
  const text = await mixedText();
  const megabytes = Buffer.byteLength(text) / 1_000_000;
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += 4000) pieces.push(text.slice(at, at + 4000));
  const detector = new RegexPiiDetector();
  const [interceptor] = createDlpInterceptors({ detector });
  const masking = defineDlpPolicy({ channel: 'ToolOutput', defaultAction: 'Mask' });
  const ways: [string, () => number][] = [
    ['detector, the whole text at once', () => detector.scan(text).length],
    ['detector, 4,000-character pieces', () => pieces.reduce((sum, piece) => sum + detector.scan(piece).length, 0)],
    [
      'ToolOutput interceptor masking every kind, 4,000-character pieces',
      () => pieces.reduce((sum, piece) => sum + (interceptor?.intercept(piece, masking).matches.length ?? 0), 0),
    ],
  ];
  return ways.map(([label, pass]) => {
    let items = 0;
    const seconds: number[] = [];
    for (let round = 0; round < 9; round++) {
      const started = performance.now();
      items = pass();
      if (round >= 2) seconds.push((performance.now() - started) / 1000);
    }
    seconds.sort((a, b) => a - b);
    const median = seconds[Math.floor(seconds.length / 2)] ?? Number.NaN;
    return { label, megabytesPerSecond: megabytes / median, itemsPerMegabyte: items / megabytes };
  });
}

async function measureRates(): Promise<DlpRates[]> {
  const detector = new RegexPiiDetector();
  const rates: DlpRates[] = [];
  for (const corpus of ['development', 'held-out'] as const) {
    const all = await samples(corpus);
    const judged = all.map((sample) => ({
      sample,
      labelled: labelledSpans(sample),
      found: detector.scan(sample.text),
    }));
    for (const type of [...piiTypes, 'all'] as const) {
      const wanted = (item: { type: PiiType }) => type === 'all' || item.type === type;
      let labelled = 0;
      let found = 0;
      let right = 0;
      let recalled = 0;
      const misses: string[] = [];
      const wrong: string[] = [];
      for (const { sample, labelled: items, found: hits } of judged) {
        const overlaps = (a: { start: number; end: number; type: PiiType }, b: typeof a) =>
          a.type === b.type && a.start < b.end && b.start < a.end;
        for (const item of items.filter(wanted)) {
          labelled++;
          if (hits.some((hit) => overlaps(hit, item))) recalled++;
          else misses.push(`${sample.id} ${item.type} ${JSON.stringify(item.value)}`);
        }
        for (const hit of hits.filter(wanted)) {
          found++;
          if (items.some((item) => overlaps(hit, item))) right++;
          else wrong.push(`${sample.id} ${hit.type} ${JSON.stringify(hit.value)}`);
        }
      }
      rates.push({ corpus, type, labelled, found, right, recalled, misses, wrong });
    }
  }
  return rates;
}

const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`);

export function dlpSection({ rates, throughput }: DlpMeasures): string[] {
  return [
    '## DLP PII detector',
    '',
    'The labelled corpus of `bench/dlp-corpus` (written for this project): texts with personal data of the seven kinds in tickets, logs, e-mails, CSV and JSON, every item labelled; and look-alikes with none (order and invoice numbers, version strings, dates and times, ISBNs, UUIDs, card numbers that fail Luhn, IBANs that fail mod 97, SSNs in ranges never issued, OIDs, codes with no passport word near). A found item is right when it overlaps a labelled item of the same kind. Precision: right ÷ found; recall: labelled items found ÷ labelled. The detector is tuned on the development half only.',
    '',
    '| corpus | kind | labelled items | found | precision | recall |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...rates.map(
      (rate) =>
        `| ${rate.corpus} | ${rate.type === 'all' ? '**all**' : rate.type} | ${rate.labelled} | ${rate.found} | ${percent(rate.right, rate.found)} | ${percent(rate.recalled, rate.labelled)} |`,
    ),
    '',
    '### DLP scan throughput',
    '',
    'Mixed text: every text of the corpus (personal data and look-alikes in tickets, logs, e-mails, CSV and JSON), one per line, repeated to 2 MB. Median of 7 passes after 2 unmeasured ones; MB is 10^6 bytes of UTF-8.',
    '',
    '| scanning | MB/s | items found per MB |',
    '| --- | ---: | ---: |',
    ...throughput.map(
      (way) => `| ${way.label} | ${way.megabytesPerSecond.toFixed(1)} | ${Math.round(way.itemsPerMegabyte)} |`,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const measures = await measureDlp();
  process.stdout.write(`${dlpSection(measures).join('\n')}\n`);
  if (process.argv.includes('--misses'))
    for (const rate of measures.rates.filter((rate) => rate.type === 'all'))
      process.stdout.write(
        `\n${rate.corpus}: missed\n  ${rate.misses.join('\n  ')}\n${rate.corpus}: wrongly found\n  ${rate.wrong.join('\n  ')}\n`,
      );
}
