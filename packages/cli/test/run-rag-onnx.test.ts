import { join } from 'node:path';
import { toolResultText, writeTinyCrossEncoder } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { useScriptedRun } from './scripted-run.js';

// `orkeon run` with the local cross-encoder: Svc:Rag:OnnxReranker:ModelDirectory names a model
// folder (a tiny model the test writes, which prefers owls whatever the question), the profile
// balanced reranks rag_search's candidates with it, and the order the agent sees is the model's.

const scripted = useScriptedRun({
  crew: `name: zoo
agents:
  keeper: { role: Keeper, goal: Answer from the notes, tools: [rag_ingest, rag_search] }
tasks:
  answer: { description: "Which animal has three hearts?", expected_output: An answer, agent: keeper }
`,
  files: {
    'notes/octopus.md': 'Octopuses are an animal with three hearts and blue blood.\n',
    'notes/owls.md': 'Owls are an animal that hunts at night.\n',
    'out/.keep': '',
  },
});

function searchTurns() {
  scripted.server.enqueue(
    {
      toolCalls: [
        {
          name: 'rag_ingest',
          arguments: { collection: 'zoo', sources: ['/crew/notes/octopus.md', '/crew/notes/owls.md'] },
        },
      ],
    },
    {
      toolCalls: [
        { name: 'rag_search', arguments: { question: 'Which animal has three hearts?', collection: 'zoo', top_k: 2 } },
      ],
    },
    { text: 'Done.' },
  );
}

const searchResult = () =>
  scripted.server.requests
    .flatMap((request) => (request.body?.messages ?? []) as { role: string; content: unknown }[])
    .filter((message) => message.role === 'tool')
    .map((message) => toolResultText(String(message.content)))
    .find((text) => text.includes('passage(s) from the collection')) ?? '';

describe('orkeon run: the onnx reranker from Svc:Rag:OnnxReranker', () => {
  const environment = {
    SVC_Llm__EmbeddingModel: 'scripted-embedding',
    SVC_Svc__Rag__Profile: 'balanced',
  };

  it('reranks rag_search with the model folder it names: the order is the cross-encoder’s', async () => {
    await writeTinyCrossEncoder(join(scripted.folder.path, 'models', 'cross-encoder'), {
      weights: { owls: 5, octopuses: 0, hearts: 0 },
    });
    searchTurns();
    const result = await scripted.run(['run', 'crew.yaml', '-m', './out:/output:rw'], {
      environment: { ...environment, SVC_Svc__Rag__OnnxReranker__ModelDirectory: './models/cross-encoder' },
    });
    expect(result.code, result.stderr).toBe(0);
    const found = searchResult();
    expect(found, found).toMatch(/\n\n\[1\] \/crew\/notes\/owls\.md /);
    expect(found).toMatch(/\n\n\[2\] \/crew\/notes\/octopus\.md /);
  }, 60_000);

  it('a folder without a model fails the search with the path and how to make one', async () => {
    searchTurns();
    const result = await scripted.run(['run', 'crew.yaml', '-m', './out:/output:rw'], {
      environment: { ...environment, SVC_Svc__Rag__OnnxReranker__ModelDirectory: './models/missing' },
    });
    const found = scripted.server.requests
      .flatMap((request) => (request.body?.messages ?? []) as { role: string; content: unknown }[])
      .filter((message) => message.role === 'tool')
      .map((message) => toolResultText(String(message.content)))
      .join('\n');
    expect(`${found}\n${result.stderr}`).toContain(
      "models/missing' (Svc:Rag:OnnxReranker:ModelDirectory) does not exist",
    );
    expect(`${found}\n${result.stderr}`).toContain('optimum-cli export onnx');
  }, 60_000);
});
