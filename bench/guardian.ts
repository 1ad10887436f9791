// The Guardian's injection screen on the labelled corpus of bench/guardian-corpus: the share
// of injections caught (High or Critical, what the default Block policy stops) and the share
// of look-alike benign texts flagged, per phase (input: prompts; toolResult: what tools
// return), on the development half the patterns are tuned on and on the held-out half they
// never saw. Goal for the default policy: at least 90 % caught with at most 2 % false positives.
// `npm run bench -- guardian`; `node --import tsx bench/guardian.ts --misses` lists what is missed.
import { readFile } from 'node:fs/promises';
import { scanForInjection } from '@orkeon/core';

interface Sample {
  readonly id: string;
  readonly label: 'injection' | 'benign';
  readonly phase: 'input' | 'toolResult';
  readonly family: string;
  readonly text: string;
}

export interface GuardianRates {
  readonly corpus: 'development' | 'held-out';
  readonly phase: 'input' | 'toolResult' | 'all';
  readonly injections: number;
  readonly caught: number;
  readonly benign: number;
  readonly flagged: number;
  readonly missed: readonly string[];
  readonly falsePositives: readonly string[];
}

async function samples(corpus: 'development' | 'held-out'): Promise<Sample[]> {
  const text = await readFile(new URL(`./guardian-corpus/${corpus}.jsonl`, import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Sample);
}

function blocks(sample: Sample): boolean {
  const severity = scanForInjection(sample.text, sample.phase === 'toolResult' ? 'toolResult' : 'prompt').severity;
  return severity === 'High' || severity === 'Critical';
}

export async function measureGuardian(): Promise<GuardianRates[]> {
  const rates: GuardianRates[] = [];
  for (const corpus of ['development', 'held-out'] as const) {
    const all = await samples(corpus);
    for (const phase of ['input', 'toolResult', 'all'] as const) {
      const chosen = all.filter((sample) => phase === 'all' || sample.phase === phase);
      const injections = chosen.filter((sample) => sample.label === 'injection');
      const benign = chosen.filter((sample) => sample.label === 'benign');
      const missed = injections.filter((sample) => !blocks(sample)).map((sample) => sample.id);
      const falsePositives = benign.filter((sample) => blocks(sample)).map((sample) => sample.id);
      rates.push({
        corpus,
        phase,
        injections: injections.length,
        caught: injections.length - missed.length,
        benign: benign.length,
        flagged: falsePositives.length,
        missed,
        falsePositives,
      });
    }
  }
  return rates;
}

const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`);

export function guardianSection(rates: readonly GuardianRates[]): string[] {
  return [
    '## Guardian injection screen',
    '',
    'The labelled corpus of `bench/guardian-corpus` (written for this project from the published attack families: instruction override, role play, system-prompt extraction, delimiter and format tricks, encoded payloads, other languages, indirect injection in documents and tool output, exfiltration and tool abuse, claimed authority; and look-alike benign texts: security articles, code, e-mails, support tickets, documentation, everyday requests, other languages, data records). A text counts as caught or flagged when its severity is High or Critical, what the default `Block` policy stops. The patterns are tuned on the development half only. Goal for the default policy: at least 90 % caught with at most 2 % false positives.',
    '',
    '| corpus | phase | injections caught | benign flagged (false positives) |',
    '| --- | --- | ---: | ---: |',
    ...rates.map(
      (rate) =>
        `| ${rate.corpus} | ${rate.phase === 'all' ? 'both' : rate.phase} | ${rate.caught} of ${rate.injections} (${percent(rate.caught, rate.injections)}) | ${rate.flagged} of ${rate.benign} (${percent(rate.flagged, rate.benign)}) |`,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rates = await measureGuardian();
  process.stdout.write(`${guardianSection(rates).join('\n')}\n`);
  if (process.argv.includes('--misses'))
    for (const rate of rates.filter((rate) => rate.phase === 'all'))
      process.stdout.write(
        `\n${rate.corpus}: missed ${rate.missed.join(' ')}\n${rate.corpus}: false positives ${rate.falsePositives.join(' ')}\n`,
      );
}
