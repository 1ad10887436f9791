import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchmarkReport } from '@orkeon/evaluation';
import type { RecordedRequest } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { finished } from './orkeon-process.js';
import { runOrkeon } from './run-cli-helpers.js';
import { useScriptedRun } from './scripted-run.js';
import { loadedModulesOf, moduleUrl } from './startup/loaded-modules.js';

const example = fileURLToPath(new URL('../../../examples/evaluation/', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));

const scripted = useScriptedRun({ files: { 'placeholder.txt': '' } });

/** Answers for the example's three cases, two runs each, in the order they run. */
function scriptAnswers(answers: { capital: [string, string]; json: [string, string]; rivers: [string, string] }): void {
  scripted.server.enqueue(...[...answers.capital, ...answers.json, ...answers.rivers].map((text) => ({ text })));
}

const good = {
  capital: ['Paris is the capital of France.', 'The capital of France is Paris.'],
  json: ['{"city": "Tokyo", "country": "Japan"}', '```json\n{"city": "Tokyo", "country": "Japan"}\n```'],
  rivers: ['- Danube\n- Rhine\n- Loire', '- Seine\n- Elbe\n- Po'],
} as const satisfies Parameters<typeof scriptAnswers>[0];

const evalArguments = (...more: string[]) => [
  'eval',
  join(example, 'dataset.jsonl'),
  join(example, 'crew.yaml'),
  '--runs',
  '2',
  ...more,
];

async function readReport(base: string): Promise<BenchmarkReport> {
  return JSON.parse(await readFile(join(scripted.folder.path, `${base}.json`), 'utf8')) as BenchmarkReport;
}

describe('orkeon eval on examples/evaluation', () => {
  it('runs each case twice, writes the JSON and Markdown reports and prints progress and a summary', async () => {
    scriptAnswers({ ...good, capital: ['Paris is the capital of France.', 'It is Paris.'] });
    const result = await scripted.run(evalArguments('--report', 'reports/first'));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^\[1\/6\] capital-of-france run 1\/2 ✓ \d+\.\ds$/m);
    expect(result.stderr).toMatch(/^\[6\/6\] rivers-in-markdown run 2\/2 ✓ \d+\.\ds$/m);
    expect(result.stdout).toContain('Benchmark geography-quiz: 3 case(s) × 2 run(s), 0 failed run(s), overall score');
    expect(result.stdout).toMatch(/^ {2}format {9}1\.00 \(2 case\(s\), case means 1\.00 to 1\.00\)$/m);
    expect(result.stdout).toContain(`Reports: ${join(scripted.folder.path, 'reports', 'first.json')}`);

    const report = await readReport('reports/first');
    expect(report.formatVersion).toBe(1);
    expect(report.dataset).toBe(join(example, 'dataset.jsonl'));
    expect(report.name).toBe('geography-quiz');
    expect(report.cases.map((item) => Object.keys(item.evaluators))).toEqual([
      ['similarity', 'textQuality', 'toolAccuracy'],
      ['format', 'schema'],
      ['format', 'textQuality'],
    ]);
    // Token F1: 1 for the exact sentence, 2·(2/3·1/3)/(2/3+1/3) = 4/9 for 'It is Paris.'.
    const similarity = report.cases[0]?.evaluators.similarity?.scores;
    expect(similarity?.mean).toBeCloseTo((1 + 4 / 9) / 2);
    expect(similarity?.standardDeviation).toBeGreaterThan(0.3);
    // The case's question reached the model through the crew's {question} placeholder.
    expect(JSON.stringify(scripted.server.requests[2]?.body)).toContain('largest city of Japan as JSON');
    const markdown = await readFile(join(scripted.folder.path, 'reports', 'first.md'), 'utf8');
    expect(markdown).toContain('# Benchmark: geography-quiz');
    expect(markdown).toMatch(/\| capital-of-france \| 2\/2 \| – \| – \| 0\.72 ± 0\.39 \|/);
  });

  it('compares with a previous report in a real process: regressions named, exit code 2', async () => {
    scriptAnswers(good);
    expect((await scripted.run(evalArguments('--report', 'baseline'))).code).toBe(0);

    scriptAnswers({ ...good, json: ['Tokyo, Japan.', 'The city is Tokyo.'] });
    const child = scripted.start(evalArguments('--report', 'today', '--compare', 'baseline.json'));
    const run = await finished(child);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toMatch(/Compared with geography-quiz of \S+: 2 regression\(s\), 0 improvement\(s\)/);
    expect(run.stdout).toContain('  REGRESSION city-as-json format: 1.00 → 0.00');
    expect(run.stdout).toContain('  REGRESSION city-as-json schema: 1.00 → 0.00');
    const report = await readReport('today');
    expect(report.comparison?.regressions.map((change) => change.evaluator)).toEqual(['format', 'schema']);
    const markdown = await readFile(join(scripted.folder.path, 'today.md'), 'utf8');
    expect(markdown).toContain('| city-as-json | format | 1.00 | 0.00 | -1.00 |');
  }, 60_000);

  it('records a failed run with its error and keeps going', async () => {
    scripted.server.enqueue(
      { error: { status: 400, message: 'prompt too long' } },
      ...[good.capital[1], ...good.json, ...good.rivers].map((text) => ({ text })),
    );
    const result = await scripted.run(evalArguments('--report', 'failing'));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^\[1\/6\] capital-of-france run 1\/2 ✗ \d+\.\ds \S+: .*prompt too long/m);
    const report = await readReport('failing');
    expect(report.cases[0]).toMatchObject({ failedRuns: 1, successRate: 0.5 });
    expect(report.summary.failedRuns).toBe(1);
  });

  it('--judge grades every answer with the model', async () => {
    scripted.server.enqueue(
      ...[...good.capital, ...good.json, ...good.rivers].flatMap((text) => [{ text }, { text: '{"score": 7}' }]),
    );
    const result = await scripted.run(evalArguments('--report', 'judged', '--judge'));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^ {2}llmJudge {7}0\.70 \(3 case\(s\)/m);
    expect(scripted.server.remainingTurns).toBe(0);
  });
  it('--concurrency runs several at once; every run keeps its own answer and the report its order', async () => {
    // Answers by the question asked, each after 300 ms, so that the runs in flight overlap at the server.
    const answer = (request: RecordedRequest) => {
      const body = JSON.stringify(request.body);
      const text = body.includes('capital of France')
        ? good.capital[0]
        : body.includes('largest city of Japan')
          ? good.json[0]
          : good.rivers[0];
      return { delayMilliseconds: 300, text };
    };
    scripted.server.enqueue(...Array.from({ length: 6 }, () => answer));
    const result = await scripted.run(evalArguments('--concurrency', '3', '--report', 'together'));
    expect(result.code, result.stderr).toBe(0);
    expect(scripted.server.mostPendingAnswers).toBe(3);
    expect(result.stderr.match(/^\[\d\/6\] /gm)).toHaveLength(6);
    const report = await readReport('together');
    expect(report.cases.map((item) => [item.id, item.runs.map((run) => [run.run, run.answer])])).toEqual([
      [
        'capital-of-france',
        [
          [1, good.capital[0]],
          [2, good.capital[0]],
        ],
      ],
      [
        'city-as-json',
        [
          [1, good.json[0]],
          [2, good.json[0]],
        ],
      ],
      [
        'rivers-in-markdown',
        [
          [1, good.rivers[0]],
          [2, good.rivers[0]],
        ],
      ],
    ]);
  });

  it('runs as the docs write it, on the offline echo model when no model is configured', async () => {
    const result = await runOrkeon(
      [
        'eval',
        'examples/evaluation/dataset.jsonl',
        'examples/evaluation/crew.yaml',
        '--runs',
        '1',
        '--report',
        join(scripted.folder.path, 'echo'),
      ],
      { workingDirectory: root, environment: {} },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Benchmark geography-quiz: 3 case(s) × 1 run(s), 0 failed run(s)');
    const report = await readReport('echo');
    expect(report.dataset).toBe('examples/evaluation/dataset.jsonl');
    expect(report.summary.runs).toBe(3);
    expect(scripted.server.requests).toHaveLength(0);
  });
});

describe('orkeon eval: bad input is refused before any model call, with exit code 1', () => {
  it('names the dataset line, the field and the fix', async () => {
    await scripted.write('bad.jsonl', '{"id": "a", "inputs": {"question": "Hi?"}}\n{"id": "a", "expect": "x"}\n');
    const result = await scripted.run(['eval', 'bad.jsonl', join(example, 'crew.yaml')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "orkeon: EVALUATION_DATASET_INVALID: bad.jsonl:2: unknown field 'expect' (did you mean 'expected'?); a case has the fields id, description, inputs, expected, format, schema, expectedTools, rubric.\n",
    );
    expect(scripted.server.requests).toHaveLength(0);
  });

  it('refuses a case whose inputs leave a placeholder of the crew unset', async () => {
    await scripted.write('cases.jsonl', '{"id": "no-question"}\n');
    const result = await scripted.run(['eval', 'cases.jsonl', join(example, 'crew.yaml')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /EVALUATION_CONFIG_INVALID: Case 'no-question' \(line 1\): its crew cannot be built: .*the variable question is not set/,
    );
    expect(scripted.server.requests).toHaveLength(0);
  });

  it('refuses bad --runs, an unreadable baseline and an unknown setting', async () => {
    const runs = await scripted.run(['eval', join(example, 'dataset.jsonl'), join(example, 'crew.yaml'), '-n', '0']);
    expect(runs.code).toBe(1);
    expect(runs.stderr).toContain("--runs takes a whole number from 1 to 1000, not '0'.");
    const concurrency = await scripted.run(evalArguments('--concurrency', 'many'));
    expect(concurrency.code).toBe(1);
    expect(concurrency.stderr).toContain("--concurrency takes a whole number from 1 to 64, not 'many'.");
    await scripted.write('old.json', '{"formatVersion": 9}');
    const compare = await scripted.run(evalArguments('--compare', 'old.json'));
    expect(compare.code).toBe(1);
    expect(compare.stderr).toContain('EVALUATION_REPORT_INVALID: ');
    expect(compare.stderr).toContain('has formatVersion 9, which this release does not read');
    await scripted.write('appsettings.json', JSON.stringify({ Svc: { Benchmarking: { RunsPerCases: 2 } } }));
    const settings = await scripted.run(evalArguments());
    expect(settings.code).toBe(1);
    expect(settings.stderr).toContain("'Svc:Benchmarking:RunsPerCases'");
    expect(scripted.server.requests).toHaveLength(0);
  });

  it('runs a crew module, and refuses inputs for it', async () => {
    await scripted.write(
      'crew.ts',
      "export const crew = { name: 'plain', agents: [{ id: 'a', role: 'Helper', goal: 'Helps' }], tasks: [{ id: 't', description: 'Say hello.', expectedOutput: 'A greeting', agent: 'a' }] };\n",
    );
    await scripted.write('plain.jsonl', '{"id": "hello", "expected": "Hello!"}\n');
    scripted.server.enqueue({ text: 'Hello!' });
    const ran = await scripted.run(['eval', 'plain.jsonl', 'crew.ts', '--runs', '1', '--report', 'plain']);
    expect(ran.code, ran.stderr).toBe(0);
    expect((await readReport('plain')).cases[0]?.evaluators.similarity?.scores?.mean).toBe(1);

    await scripted.write('inputs.jsonl', '{"id": "a"}\n{"id": "b", "inputs": {"x": "1"}}\n');
    const refused = await scripted.run(['eval', 'inputs.jsonl', 'crew.ts']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Case 'b' (line 2): its crew cannot be built:");
    expect(refused.stderr).toContain('inputs fill the {KEY} placeholders of YAML crews only');
  });

  it('takes Svc:Benchmarking:RunsPerCase from the settings', async () => {
    await scripted.write('appsettings.json', JSON.stringify({ Svc: { Benchmarking: { RunsPerCase: 1 } } }));
    await scripted.write(
      'one.jsonl',
      '{"id": "only", "inputs": {"question": "Capital of Peru?"}, "expected": "Lima"}\n',
    );
    scripted.server.enqueue({ text: 'Lima' });
    const result = await scripted.run(['eval', 'one.jsonl', join(example, 'crew.yaml')]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('1 case(s) × 1 run(s)');
    expect((await readReport('eval-report')).cases[0]?.evaluators.similarity?.scores?.mean).toBe(1);
  });

  it('--help loads neither @orkeon/evaluation nor @orkeon/core', async () => {
    const { code, modules } = await loadedModulesOf(['eval', '--help'], { cwd: scripted.folder.path });
    expect(code).toBe(0);
    expect(modules).toContain(moduleUrl('packages/cli/src/commands/eval-command-definition.ts'));
    expect(modules.filter((url) => /packages\/(evaluation|core)\/|eval-command\.ts$/.test(url))).toEqual([]);
  });
});
