import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { VirtualFileSystem } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readEvaluationDataset } from '../../src/evaluation/evaluation-dataset.js';

// Datasets read through a real virtual file system: a temporary folder mounted read-only at /eval.

let folder: TemporaryDirectory;
let files: VirtualFileSystem;

beforeEach(async () => {
  folder = await createTemporaryDirectory('orkeon-rag-eval-');
  files = await VirtualFileSystem.create([`${folder.path}:/eval:ro`]);
});
afterEach(async () => {
  await folder.remove();
});

async function dataset(name: string, text: string): Promise<string> {
  await writeFile(join(folder.path, name), text);
  return `/eval/${name}`;
}

async function refusal(name: string, text: string): Promise<unknown> {
  const path = await dataset(name, text);
  return readEvaluationDataset(files, path).then(
    () => expect.unreachable('the dataset should be refused'),
    (error: unknown) => error,
  );
}

describe('readEvaluationDataset', () => {
  it('reads JSON { questions }, numbering the questions without an id and keeping the reference answer', async () => {
    const path = await dataset(
      'set.json',
      JSON.stringify(
        {
          questions: [
            { id: 'hearts', question: 'How many hearts?', relevant: ['/docs/octopus.md'], answer: 'Three.' },
            { question: 'Which Node?', relevant: ['/docs/guide.md#0', '/docs/guide.md#0', '/docs/faq.md'] },
          ],
        },
        null,
        2,
      ),
    );
    expect(await readEvaluationDataset(files, path)).toEqual([
      { id: 'hearts', question: 'How many hearts?', relevant: ['/docs/octopus.md'], answer: 'Three.' },
      { id: 'q2', question: 'Which Node?', relevant: ['/docs/guide.md#0', '/docs/faq.md'] },
    ]);
  });

  it('reads JSON Lines, by the name or by the content, skipping blank lines', async () => {
    const lines = [
      '{"question": "How many hearts?", "relevant": ["/docs/octopus.md"]}',
      '',
      '{"id": "node", "question": "Which Node?", "relevant": ["/docs/guide.md"]}',
      '',
    ].join('\n');
    const expected = [
      { id: 'q1', question: 'How many hearts?', relevant: ['/docs/octopus.md'] },
      { id: 'node', question: 'Which Node?', relevant: ['/docs/guide.md'] },
    ];
    expect(await readEvaluationDataset(files, await dataset('set.jsonl', lines))).toEqual(expected);
    expect(await readEvaluationDataset(files, await dataset('set.txt', lines.replaceAll('\n', '\r\n')))).toEqual(
      expected,
    );
    // One line of JSON Lines is one question, not a dataset without "questions".
    expect(
      await readEvaluationDataset(files, await dataset('one.json', '{"question": "Q?", "relevant": ["s"]}\n')),
    ).toEqual([{ id: 'q1', question: 'Q?', relevant: ['s'] }]);
  });

  it('names the path and the fix when the file cannot be read', async () => {
    await expect(readEvaluationDataset(files, '/eval/missing.json')).rejects.toMatchObject({
      code: 'RAG_EVALUATION_INVALID',
      message: expect.stringMatching(
        /^Evaluation dataset '\/eval\/missing\.json' cannot be read \(.+\)\. Give the virtual path/,
      ),
    });
    await expect(readEvaluationDataset(files, '/elsewhere/set.json')).rejects.toMatchObject({
      code: 'RAG_EVALUATION_INVALID',
      message: expect.stringContaining("'/elsewhere/set.json' cannot be read"),
    });
  });

  it('names the JSON Lines line that is not JSON', async () => {
    const error = await refusal(
      'broken.jsonl',
      '{"question": "A?", "relevant": ["s"]}\n\n{"question": "B?", "relevant": ["s"]\n',
    );
    expect(error).toMatchObject({
      code: 'RAG_EVALUATION_INVALID',
      message: expect.stringMatching(
        /^Evaluation dataset '\/eval\/broken\.jsonl' line 3 is not JSON \(.+\)\. In JSON Lines each line is one whole/,
      ),
    });
  });

  it('keeps the JSON message for a broken .json file, with the expected shape as the fix', async () => {
    const error = await refusal('broken.json', '{\n  "questions": [\n    { "question": "A?" \n  ]\n}');
    expect(error).toMatchObject({
      code: 'RAG_EVALUATION_INVALID',
      message: expect.stringMatching(
        /^Evaluation dataset '\/eval\/broken\.json' is not JSON \(.+\)\. Write JSON \{ "questions"/,
      ),
    });
  });

  it('names the question and what it lacks', async () => {
    const json = (questions: unknown[]) => JSON.stringify({ questions });
    const cases: [string, string, RegExp][] = [
      ['no-list.json', JSON.stringify({ items: [] }), /'\/eval\/no-list\.json' has no "questions" list\. Write JSON/],
      ['empty.json', json([]), /'\/eval\/empty\.json' holds no question\./],
      ['not-object.json', json([{ question: 'A?', relevant: ['s'] }, 'B?']), /questions\[1\] is not an object\./],
      ['no-text.json', json([{ question: '  ', relevant: ['s'] }]), /questions\[0\] has no "question" text\./],
      [
        'no-relevant.json',
        json([
          { question: 'A?', relevant: ['s'] },
          { question: 'B?', relevant: [] },
        ]),
        /questions\[1\] needs "relevant": a non-empty list of source ids or chunk ids/,
      ],
      ['bad-relevant.jsonl', '{"question": "A?", "relevant": "s"}', /line 1 needs "relevant"/],
      ['bad-id.json', json([{ id: 3, question: 'A?', relevant: ['s'] }]), /questions\[0\] has an "id" that is not/],
      [
        'bad-answer.json',
        json([{ question: 'A?', relevant: ['s'], answer: 3 }]),
        /questions\[0\] has an "answer" that/,
      ],
      [
        'twice.jsonl',
        '{"id": "a", "question": "A?", "relevant": ["s"]}\n{"id": "a", "question": "B?", "relevant": ["s"]}',
        /line 2 has the id 'a' of line 1\. Give each question its own id\./,
      ],
    ];
    for (const [name, text, message] of cases)
      expect(await refusal(name, text), name).toMatchObject({
        code: 'RAG_EVALUATION_INVALID',
        message: expect.stringMatching(message),
      });
  });
});
