// One file over 300 lines: the corpus, the questions, the three measures and the section text share one run.
// RAG on this repository's own docs: every docs/*.md page (but benchmarks.md, which this run
// rewrites) ingested into one collection with the default recursive chunker, the bundled
// Universal Sentence Encoder of @orkeon/embeddings-local and the runtime's in-memory store,
// then the questions of bench/rag-questions.json (written for this project, each with the
// page(s) that answer it) asked with k = 5. Quality comes from evaluateCollection and is
// deterministic; ingestion is timed over a few rounds (the first, then re-indexes) with the
// model's load timed apart; query latency is `retrieve` alone, over passes of every question.
// There is no anchor: raw numbers. `npm run bench -- rag`; alone:
// `node --conditions=@orkeon/source --import tsx bench/rag.ts`.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Configuration,
  coreSettingsSections,
  createLogger,
  createRuntime,
  type EmbeddingProvider,
  EmbeddingProviderService,
  MemoryStoresService,
  ServiceCollection,
  type SettingsTree,
  VirtualFileSystemService,
} from '@orkeon/core';
import { addSvcLocalEmbeddings, localEmbeddingsSettings } from '@orkeon/embeddings-local';
import {
  addSvcRag,
  type EvaluationQuestion,
  type EvaluationReport,
  evaluateCollection,
  type IngestionReport,
  Rag,
  RagService,
  ragSettings,
  validateDocument,
} from '@orkeon/rag';

const docsFolder = fileURLToPath(new URL('../docs/', import.meta.url));
const questionsFile = new URL('./rag-questions.json', import.meta.url);
const injectionCorpusFile = new URL('../packages/rag/test/fixtures/injection-corpus.json', import.meta.url);
/** Written by `npm run bench` itself: in the corpus it would change between runs. */
const leftOut = new Set(['benchmarks.md']);
const collection = 'docs';
const k = 5;
const ingestionRounds = 3;
/** Query passes (every question once per profile): at least this many, for at least this long. */
const minimumPasses = 20;
const minimumMilliseconds = 30_000;

/** What each measured profile sets under `Svc:Rag`. */
const profiles: readonly { readonly name: string; readonly settings: SettingsTree }[] = [
  { name: '`fast` (vectors only)', settings: {} },
  {
    name: '`fast` + `Retrieval:Hybrid:Enabled` (vectors + BM25, RRF)',
    settings: { Retrieval: { Hybrid: { Enabled: true } } },
  },
  {
    name: '`corrective` (no model: graded by words, rewritten to key words)',
    settings: { Profile: 'corrective' },
  },
];

export interface RagProfileMeasure {
  readonly name: string;
  /** Every question of the set. */
  readonly all: EvaluationReport;
  /** The questions whose relevant pages are all in the collection (retrieval alone, without the quarantine). */
  readonly answerable: EvaluationReport;
  readonly p50Milliseconds: number;
  readonly p95Milliseconds: number;
  /** The pipeline's `retrieve` stage alone (embed the question, search), from the result's trace. */
  readonly retrieveStageP50Milliseconds: number;
}

export interface RagMeasure {
  readonly pages: number;
  readonly characters: number;
  readonly chunks: number;
  /** Pages kept out of the collection, each with why (the injection patterns that rejected it). */
  readonly notIngested: readonly string[];
  readonly modelLoadSeconds: number;
  /** Every round's wall time of the whole ingestion, in seconds. */
  readonly ingestionSeconds: readonly number[];
  readonly passes: number;
  /** Embedding one question alone. */
  readonly embedP50Milliseconds: number;
  readonly profiles: readonly RagProfileMeasure[];
}

export async function measureRag(): Promise<RagMeasure> {
  const pages = (await readdir(docsFolder)).filter((name) => name.endsWith('.md') && !leftOut.has(name)).sort();
  let characters = 0;
  for (const page of pages) characters += (await readFile(join(docsFolder, page), 'utf8')).length;
  const questions = (JSON.parse(await readFile(questionsFile, 'utf8')) as { questions: EvaluationQuestion[] })
    .questions;
  const output = await mkdtemp(join(tmpdir(), 'orkeon-bench-rag-'));
  try {
    const configuration = Configuration.fromObject({}, [...coreSettingsSections, ragSettings, localEmbeddingsSettings]);
    const services = addSvcLocalEmbeddings(addSvcRag(new ServiceCollection(), configuration), configuration);
    await using runtime = await createRuntime({
      services,
      configuration,
      logger: createLogger({ level: 'fatal' }),
      mounts: [
        { physical: docsFolder, virtual: '/docs', rights: 'ro' },
        { physical: output, virtual: '/output', rights: 'rw' },
      ],
    });
    const embeddings = runtime.services.get(EmbeddingProviderService);
    const modelLoadSeconds = await seconds(() => embeddings.embed(['Load the model.']));

    // The first round adds every page; the others re-index (every chunk embedded and stored again).
    const rag = runtime.services.get(RagService);
    const sources = pages.map((page) => ({ location: `/docs/${page}` }));
    const ingestionSeconds: number[] = [];
    let report: IngestionReport | undefined;
    for (let round = 0; round < ingestionRounds; round++) {
      const started = performance.now();
      report = await rag.ingest({ collection, sources, reindex: round > 0 });
      ingestionSeconds.push((performance.now() - started) / 1000);
    }
    const ingested = new Set(
      (report?.sources ?? []).filter((source) => source.chunks > 0).map((source) => source.sourceId),
    );
    const answerable = questions.filter((question) => question.relevant.every((id) => ingested.has(id)));

    // One Rag per profile over the same store, manifest and word index: the settings differ, not the collection.
    const parts = {
      files: runtime.services.get(VirtualFileSystemService),
      memory: runtime.services.get(MemoryStoresService),
      embeddings,
    };
    const rags = profiles.map(
      (profile) =>
        new Rag({
          ...parts,
          settings: Configuration.fromObject({ Svc: { Rag: profile.settings } }, [ragSettings]).get(ragSettings),
        }),
    );
    const quality: { all: EvaluationReport; answerable: EvaluationReport }[] = [];
    for (const profileRag of rags)
      quality.push({
        all: await evaluateCollection(profileRag, questions, { collection, k }),
        answerable: await evaluateCollection(profileRag, answerable, { collection, k }),
      });
    const timing = await timeQueries(rags, embeddings, questions);
    return {
      pages: pages.length,
      characters,
      chunks: report?.totalChunks ?? 0,
      notIngested: notIngested(report),
      modelLoadSeconds,
      ingestionSeconds,
      passes: timing.passes,
      embedP50Milliseconds: percentile(timing.embed, 0.5),
      profiles: profiles.map((profile, index) => ({
        name: profile.name,
        ...(quality[index] as { all: EvaluationReport; answerable: EvaluationReport }),
        p50Milliseconds: percentile(timing.query[index] ?? [], 0.5),
        p95Milliseconds: percentile(timing.query[index] ?? [], 0.95),
        retrieveStageP50Milliseconds: percentile(timing.retrieveStage[index] ?? [], 0.5),
      })),
    };
  } finally {
    await rm(output, { recursive: true, force: true });
  }
}

/** Each quarantined or failed page, with the High and Critical patterns that kept it out. */
function notIngested(report: IngestionReport | undefined): string[] {
  return (report?.sources ?? [])
    .filter((source) => source.status === 'quarantined' || source.status === 'failed')
    .map((source) => {
      const patterns = new Set(
        (source.reasons ?? []).flatMap((reason) =>
          [...reason.matchAll(/pattern '([^']+)', (High|Critical)/g)].map((match) => match[1]),
        ),
      );
      const why = patterns.size === 0 ? source.status : `${source.status}: ${[...patterns].join(', ')}`;
      return `\`${source.sourceId.replace('/docs/', '')}\` (${why})`;
    });
}

/**
 * Times every question through each profile's `retrieve`, and the question's embedding alone,
 * in passes after a warm-up one. The profiles take turns within each pass, so a slow spell of
 * the machine hits both.
 */
async function timeQueries(
  rags: readonly Rag[],
  embeddings: EmbeddingProvider,
  questions: readonly EvaluationQuestion[],
) {
  const query = rags.map(() => [] as number[]);
  const retrieveStage = rags.map(() => [] as number[]);
  const embed: number[] = [];
  const pass = async (record: boolean) => {
    for (const [index, rag] of rags.entries())
      for (const question of questions) {
        const started = performance.now();
        const asked = { text: question.question, collection, topK: k };
        // corrective answers (its graph, then the fixed no-model answer); the others retrieve.
        const retrieval = rag.settings.Profile === 'corrective' ? await rag.answer(asked) : await rag.retrieve(asked);
        const took = performance.now() - started;
        if (!record) continue;
        query[index]?.push(took);
        const stage = retrieval.trace.find((step) => step.stage === 'retrieve' || step.stage === 'corrective:retrieve');
        retrieveStage[index]?.push(stage?.durationMs ?? Number.NaN);
      }
    for (const question of questions) {
      const took = await milliseconds(() => embeddings.embed([question.question]));
      if (record) embed.push(took);
    }
  };
  await pass(false);
  let passes = 0;
  const started = performance.now();
  while (passes < minimumPasses || performance.now() - started < minimumMilliseconds) {
    await pass(true);
    passes++;
  }
  return { passes, query, retrieveStage, embed };
}

async function milliseconds(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function seconds(work: () => Promise<unknown>): Promise<number> {
  return (await milliseconds(work)) / 1000;
}

/** The nearest-rank percentile (`share` 0.5 is the median). */
function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

function qualityRow(name: string, report: EvaluationReport): string {
  return `| ${name} | ${report.questions} | ${report.recallAtK.toFixed(3)} | ${report.precisionAtK.toFixed(3)} | ${report.meanReciprocalRank.toFixed(3)} |`;
}

/** The ids of the questions none of whose relevant pages is among the first k passages. */
function missed(report: EvaluationReport): string[] {
  return report.perQuestion.filter((entry) => entry.reciprocalRank === 0).map((entry) => entry.id);
}

/** The RAG section of docs/benchmarks.md; `when` names the date and machine when the page's header does not. */
export function ragSection(measure: RagMeasure, when?: string): string[] {
  const ingestion = percentile(measure.ingestionSeconds, 0.5);
  const first = measure.profiles[0];
  const questions = first?.all.questions ?? 0;
  const answerable = first?.answerable.questions ?? 0;
  // Questions with a quarantined page apart: retrieval cannot find what is not in the collection.
  const answerableIds = new Set(first?.answerable.perQuestion.map((entry) => entry.id));
  const blocked = (first?.all.perQuestion ?? []).map((entry) => entry.id).filter((id) => !answerableIds.has(id));
  const missedBy = measure.profiles.map((profile) => new Set(missed(profile.answerable)));
  const missedByAll = [...(missedBy[0] ?? [])].filter((id) => missedBy.every((set) => set.has(id)));
  const ids = (list: readonly string[]) => (list.length === 0 ? 'none' : list.map((id) => `\`${id}\``).join(', '));
  return [
    '## RAG retrieval on the docs (no anchor)',
    '',
    ...(when === undefined ? [] : [when, '']),
    `The corpus: the ${measure.pages} pages \`docs/*.md\` of this repository (${measure.characters.toLocaleString('en-US')} characters; \`benchmarks.md\` left out, as this run rewrites it), ingested into one collection by \`rag.ingest\` as a user would: the default \`recursive\` chunker (1,000 characters, 200 of overlap), the Guardian's injection check of each page, the bundled Universal Sentence Encoder lite of \`@orkeon/embeddings-local\` (512 dimensions, WebAssembly on the CPU), the runtime's in-memory store; ${measure.chunks.toLocaleString('en-US')} chunks. The questions: the ${questions} of \`bench/rag-questions.json\`, written for this project by reading the docs and phrased as a user would ask, each with the page(s) that answer it. A page is found when any of its chunks is among the first ${k} passages (\`evaluateCollection\`, the code behind \`rag_eval\`); MRR is over those ${k}.`,
    '',
    measure.notIngested.length === 0
      ? 'Every page was ingested.'
      : `**${measure.notIngested.length} of the ${measure.pages} pages were quarantined** by the injection check (High or Critical findings in their examples and prose), so no question can find them: ${measure.notIngested.join(', ')}. The second row of each profile keeps the ${answerable} questions whose pages are all in the collection: retrieval alone.`,
    '',
    `| profile | questions | recall@${k} | precision@${k} | MRR |`,
    '| --- | ---: | ---: | ---: | ---: |',
    ...measure.profiles.flatMap((profile) => [
      qualityRow(profile.name, profile.all),
      qualityRow(`${profile.name}, pages all ingested`, profile.answerable),
    ]),
    '',
    `| profile | query p50 (ms) | query p95 (ms) | \`retrieve\` stage p50 (ms) |`,
    '| --- | ---: | ---: | ---: |',
    ...measure.profiles.map(
      (profile) =>
        `| ${profile.name} | ${profile.p50Milliseconds.toFixed(1)} | ${profile.p95Milliseconds.toFixed(1)} | ${profile.retrieveStageP50Milliseconds.toFixed(1)} |`,
    ),
    '',
    `A query is \`rag.retrieve\` with top ${k} (transform, retrieve, fuse, rerank \`none\`, assemble; no answer written); for \`corrective\` it is \`rag.answer\`, its whole graph (each search is the five stages with words and vectors fused; with no model, each grade is the share of the question's key words a passage holds, a rewrite is those key words, and the answer is the fixed no-model text), and its \`retrieve\` column is its first search. Timed over ${measure.passes} passes of every question after one warm-up pass, the profiles taking turns in each pass. The \`retrieve\` stage (from the result's trace) embeds the question and searches; embedding a question alone takes ${measure.embedP50Milliseconds.toFixed(1)} ms (p50), and most of the rest is the in-memory store's exact search, a cosine over every vector of the collection (only the kept candidates are copied out). The quality figures do not move between runs (same corpus, same model, exact search); the latencies move with the machine.`,
    '',
    '| ingestion | seconds | pages/s | chunks/s |',
    '| --- | ---: | ---: | ---: |',
    `| whole collection (median of ${measure.ingestionSeconds.length} rounds) | ${ingestion.toFixed(2)} | ${(measure.pages / ingestion).toFixed(2)} | ${(measure.chunks / ingestion).toFixed(1)} |`,
    '',
    `Ingestion is the wall time of one \`rag.ingest\` of all ${measure.pages} pages (a quarantined page is read and checked, not embedded): read, checked, chunked, embedded in batches of 64, stored, the manifest and word index written. Rounds: ${measure.ingestionSeconds.map((value) => value.toFixed(2)).join(' s, ')} s; the first adds the pages, the others re-index them, the same work. The model's load, the first \`embed\` with its imports, is apart: ${measure.modelLoadSeconds.toFixed(2)} s.`,
    '',
    `Questions none of whose pages is among the first ${k} passages, of the ${answerable} whose pages were all ingested:`,
    '',
    ...measure.profiles.map((profile) => `- ${profile.name}: ${ids(missed(profile.answerable))}`),
    `- missed by every profile: ${ids(missedByAll)}`,
    '',
    `The other ${blocked.length} name a quarantined page: ${ids(blocked)}.`,
    '',
    'Not measured: `balanced` and `quality` rerank with a model (`llm`) or a cross-encoder (`onnx`, `@orkeon/rag-onnx`), and this machine has neither a language model (no network, no local one) nor cross-encoder weights; a scripted or echo model, or the tiny generated model of the tests, would give an order that means nothing. `fast` with hybrid search is `balanced` without its rerank. `corrective` with a model grades and rewrites with it; the row above is its no-model mode. `adaptive` routes each question to one of these.',
    '',
    ...injectionSection(),
  ];
}

/**
 * The web fallback's injection check on the corpus of the tests (pages carrying injections
 * modelled on published techniques, and benign pages) and on this repository's docs pages.
 */
function injectionSection(): string[] {
  const corpus = JSON.parse(readFileSync(injectionCorpusFile, 'utf8')) as {
    attacks: { technique: string; text: string }[];
    benign: { about: string; text: string }[];
  };
  const verdict = (text: string) =>
    validateDocument({ sourceId: 'page', location: 'page', kind: 'web', format: 'html', text }).verdict;
  const attacks = corpus.attacks.map((attack) => ({ ...attack, verdict: verdict(attack.text) }));
  const rejected = attacks.filter((attack) => attack.verdict === 'Rejected').length;
  const suspicious = attacks.filter((attack) => attack.verdict === 'Suspicious').length;
  const missedAttacks = attacks.filter((attack) => attack.verdict === 'Clean').map((attack) => attack.technique);
  const benign = corpus.benign.filter((page) => verdict(page.text) !== 'Clean').map((page) => page.about);
  const docsPages = readdirSync(docsFolder).filter((name) => name.endsWith('.md') && !leftOut.has(name));
  const docsFlagged = docsPages.filter((name) => verdict(readFileSync(join(docsFolder, name), 'utf8')) !== 'Clean');
  const share = (count: number, of: number) => `${count} of ${of} (${Math.round((count / of) * 100)} %)`;
  return [
    '### The injection check of web pages',
    '',
    `Every page the corrective profile's web fallback reads passes the same check as an ingested document (the Guardian's injection detector): Rejected pages never enter, Suspicious ones are flagged or discarded (\`SuspiciousAction\`). On the corpus \`packages/rag/test/fixtures/injection-corpus.json\` (pages written for this project, each attack modelled on a published technique or incident):`,
    '',
    '| pages | caught (rejected or suspicious) | rejected | flagged as suspicious | let through |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| ${attacks.length} carrying an injection | ${share(rejected + suspicious, attacks.length)} | ${rejected} | ${suspicious} | ${attacks.length - rejected - suspicious} |`,
    '',
    `Let through: ${missedAttacks.join('; ') || 'none'}.`,
    '',
    `False positives: ${share(benign.length, corpus.benign.length)} of the short benign pages (${benign.join(', ') || 'none'}), and ${share(docsFlagged.length, docsPages.length)} of this repository's docs pages (${docsFlagged.join(', ') || 'none'}), long technical pages that quote attacks, prompts and configuration keys. Documents that discuss attacks are better ingested with \`Svc:Rag:Ingestion:QuarantineAt = Critical\`.`,
    '',
  ];
}

/** For `bench/run.ts`: measured and written as the section of docs/benchmarks.md. */
export async function ragBenchSection(when?: string): Promise<string[]> {
  return ragSection(await measureRag(), when);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${(await ragBenchSection()).join('\n')}\n`);
}
