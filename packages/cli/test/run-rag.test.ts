import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toolResultText } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { useScriptedRun } from './scripted-run.js';

// `orkeon run` with a knowledge base: the agent ingests the crew's markdown files (rag_ingest),
// searches them (rag_search) and answers with a citation. Vectors come from the scripted model
// server's embeddings route (Llm:EmbeddingModel), chunks are kept in the state file.

const scripted = useScriptedRun({
  crew: `name: librarian
agents:
  librarian: { role: Librarian, goal: Answer from the docs, tools: [rag_ingest, rag_search] }
tasks:
  answer: { description: "{question}", expected_output: An answer with citations, agent: librarian }
`,
  files: {
    'docs/guide.md':
      '# Guide\n\n## Install\n\nOrkeon needs Node 22 or later.\n\n## Mounts\n\nA mount maps a folder to a virtual path.\n',
    'docs/octopus.md': '# Octopuses\n\nOctopuses have three hearts and blue blood.\n',
    'out/.keep': '',
  },
});

const toolResults = () =>
  scripted.server.requests
    .flatMap((request) => (request.body?.messages ?? []) as { role: string; content: unknown }[])
    .filter((message) => message.role === 'tool')
    .map((message) => toolResultText(String(message.content)));

describe('orkeon run: an agent with a knowledge base', () => {
  it('ingests the docs, searches them and answers with a citation', async () => {
    scripted.server.enqueue(
      {
        toolCalls: [
          {
            name: 'rag_ingest',
            arguments: {
              collection: 'docs',
              sources: ['/crew/docs/guide.md', '/crew/docs/octopus.md'],
              chunking_strategy: 'structural',
            },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: 'rag_search',
            arguments: { question: 'Which Node version is needed?', collection: 'docs', top_k: 1 },
          },
        ],
      },
      { text: 'Orkeon needs Node 22 or later [1].' },
    );
    const result = await scripted.run(
      ['run', 'crew.yaml', '-V', 'question=Which Node version is needed?', '-m', './out:/output:rw'],
      {
        environment: { SVC_Llm__EmbeddingModel: 'scripted-embedding' },
      },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Orkeon needs Node 22 or later [1].');
    const [ingested, found] = toolResults().slice(-2);
    expect(ingested).toMatch(/Collection 'docs' now holds \d+ chunk\(s\)\./);
    expect(ingested).toContain('- /crew/docs/guide.md: added');
    expect(found).toMatch(
      /^1 passage\(s\) from the collection 'docs':\n\n\[1\] \/crew\/docs\/guide\.md \(characters \d+–\d+, Guide › Install\)/,
    );
    expect(found).toContain('Node 22 or later');
    const manifest = JSON.parse(
      await readFile(join(scripted.folder.path, 'out', 'rag', 'manifests', 'docs.json'), 'utf8'),
    );
    expect(Object.keys(manifest.sources).sort()).toEqual(['/crew/docs/guide.md', '/crew/docs/octopus.md']);
  }, 60_000);

  it('a bad Svc:Rag setting stops the start with the key named', async () => {
    const result = await scripted.run(['run', 'crew.yaml', '-V', 'question=x'], {
      environment: { SVC_Svc__Rag__Profile: 'fastest' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Svc:Rag:Profile');
  });
});

describe('orkeon run: a crew with rag: collections and an agent with knowledge:', () => {
  const crewWithKnowledge = `name: answers
rag:
  collections:
    handbook:
      sources: ["./docs/**/*.md"]
      chunking: { strategy: structural, max_tokens: 200, overlap: 20 }
agents:
  writer:
    role: Writer
    goal: Answer from the handbook
    knowledge:
      - collection: handbook
        top_k: 2
tasks:
  answer: { description: "How many hearts do octopuses have?", expected_output: An answer that cites the handbook, agent: writer }
`;

  it('ingests the collection at the start and shows the task a numbered, cited block; the answer cites it', async () => {
    await scripted.write('knowledge-crew.yaml', crewWithKnowledge);
    scripted.server.enqueue({ text: 'Octopuses have three hearts [1].' });
    const result = await scripted.run(['run', 'knowledge-crew.yaml', '-m', './out:/output:rw'], {
      environment: { SVC_Llm__EmbeddingModel: 'scripted-embedding' },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Octopuses have three hearts [1].');
    const prompt = JSON.stringify(
      scripted.server.requests.find((request) => request.path.endsWith('/chat/completions'))?.body,
    );
    expect(prompt, prompt).toContain('# Knowledge');
    expect(prompt, prompt).toMatch(
      /\[1\] \(\/crew\/docs\/octopus\.md, Octopuses\)\\n# Octopuses\\n\\nOctopuses have three hearts/,
    );
    // A heading with nothing under it is no passage of its own.
    expect(prompt).not.toContain('(/crew/docs/guide.md, Guide)\\n# Guide\\n\\n#');
    const manifest = JSON.parse(
      await readFile(join(scripted.folder.path, 'out', 'rag', 'manifests', 'handbook.json'), 'utf8'),
    );
    expect(manifest.chunking).toEqual({ strategy: 'structural', size: 800, overlap: 80 });
    expect(Object.keys(manifest.sources).sort()).toEqual(['/crew/docs/guide.md', '/crew/docs/octopus.md']);
  }, 60_000);

  it('a source that matches no file stops the run before any model call, naming it', async () => {
    await scripted.write('knowledge-crew.yaml', crewWithKnowledge.replace('./docs/**/*.md', './manuals/*.md'));
    const result = await scripted.run(['run', 'knowledge-crew.yaml', '-m', './out:/output:rw'], {
      environment: { SVC_Llm__EmbeddingModel: 'scripted-embedding' },
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("names './manuals/*.md'");
    expect(scripted.server.requests.filter((request) => request.path.endsWith('/chat/completions'))).toEqual([]);
  }, 60_000);

  it('a knowledge: entry with the corrective profile fails the task, naming the profiles that retrieve', async () => {
    await scripted.write(
      'knowledge-crew.yaml',
      crewWithKnowledge.replace('        top_k: 2', '        top_k: 2\n        profile: corrective'),
    );
    const result = await scripted.run(['run', 'knowledge-crew.yaml', '-m', './out:/output:rw'], {
      environment: { SVC_Llm__EmbeddingModel: 'scripted-embedding' },
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("The profile 'corrective' answers questions and cannot retrieve passages alone");
    expect(scripted.server.requests.filter((request) => request.path.endsWith('/chat/completions'))).toEqual([]);
  }, 60_000);
});
