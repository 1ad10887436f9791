import { request } from 'node:http';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  addCrewExecutionStatePersistence,
  addDocumentStore,
  type ChatModel,
  Configuration,
  CrewExecutionStateManager,
  coreSettingsSections,
  createRuntime,
  crewExecutionStatePersistenceSettings,
  defineCrew,
  InMemoryDocumentStore,
  InMemoryStateStore,
  type Runtime,
  ServiceCollection,
  StateStoreService,
} from '@orkeon/core';
import type { RunEvent } from '@orkeon/core/run-events';
import { captureLogger, type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type StudioCrew, type StudioServer, StudioUnsafeBindingError, startStudioServer } from '../src/index.js';

let server: ScriptedModelServer;
let runtime: Runtime;
let studio: StudioServer | undefined;

function scriptedChatModel(): ChatModel {
  const provider = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl, includeUsage: true });
  return { provider: 'openai', modelId: 'scripted', model: provider.chatModel('scripted'), supportsStreaming: true };
}

beforeEach(async () => {
  server = await startScriptedModelServer();
  runtime = await createRuntime({ model: scriptedChatModel(), logger: captureLogger().logger });
});
afterEach(async () => {
  await studio?.close();
  studio = undefined;
  await runtime.dispose();
  await server.close();
});

/** A crew with one `{topic}` variable, loaded the way `orkeon studio` loads YAML: values filled in. */
const notes: StudioCrew = {
  name: 'notes',
  description: 'Write about {topic}',
  variables: ['topic'],
  load: async (variables) =>
    defineCrew({
      name: 'notes',
      agents: [{ id: 'w', role: 'Writer', goal: 'Write', tools: ['directory_read'] }],
      tasks: [{ id: 'note', description: `Write about ${variables.topic}`, expectedOutput: 'A note', agent: 'w' }],
    }),
};

async function start(options: { token?: string; maxEventsPerRun?: number } = {}): Promise<StudioServer> {
  studio = await startStudioServer({ runtime, crews: [notes], logger: captureLogger().logger, port: 0, ...options });
  return studio;
}

const json = (body: unknown) => ({
  method: 'POST' as const,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('startStudioServer', () => {
  it('serves the page and the crews, starts a run with its variables and follows it to the end over SSE', async () => {
    const { url } = await start();
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Orkeon Studio</title>');
    expect(await (await fetch(`${url}api/overview`)).json()).toMatchObject({
      crews: [{ name: 'notes', description: 'Write about {topic}', variables: ['topic'] }],
    });

    server.enqueue({ text: 'Bees dance.', usage: { inputTokens: 20, outputTokens: 5 } });
    const started = await fetch(`${url}api/runs`, json({ crew: 'notes', variables: { topic: 'bees' } }));
    expect(started.status).toBe(201);
    const { run } = (await started.json()) as { run: { id: string; status: string } };
    expect(run.status).toBe('running');

    const events = await readStream(`${url}api/runs/${run.id}/events`);
    expect(events.map((event) => event.kind)).toEqual([
      'run.started',
      'task.started',
      'cost.updated',
      'task.completed',
      'run.finished',
    ]);
    expect(JSON.stringify(server.requests[0]?.body)).toContain('Write about bees');
    const detail = (await (await fetch(`${url}api/runs/${run.id}`)).json()) as { run: Record<string, unknown> };
    expect(detail.run).toMatchObject({
      status: 'completed',
      tokens: 25,
      output: 'Bees dance.',
      variables: { topic: 'bees' },
    });
    expect(detail.run.tasks).toMatchObject([{ id: 'note', state: 'completed', agent: 'Writer', tokens: 25 }]);
    // A stream opened after the end replays the kept events and ends; Last-Event-ID resumes after one.
    expect(
      (await readStream(`${url}api/runs/${run.id}/events`, { 'last-event-id': '3' })).map((event) => event.seq),
    ).toEqual([4, 5]);
  });

  it('refuses an unknown crew, a variable the crew lacks, a missing one and a body of the wrong shape, naming each', async () => {
    const { url } = await start();
    const answers = await Promise.all([
      fetch(`${url}api/runs`, json({ crew: 'nope' })),
      fetch(`${url}api/runs`, json({ crew: 'notes', variables: { topic: 'x', colour: 'red' } })),
      fetch(`${url}api/runs`, json({ crew: 'notes', variables: { topic: 3 } })),
      fetch(`${url}api/runs/no-such-run`),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 400, 400, 404]);
    const messages = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { error: { message: string } }).error.message),
    );
    expect(messages[0]).toBe("No crew is named 'nope' here; choose one of: notes.");
    expect(messages[1]).toBe("The crew 'notes' has no variable {colour}; its variables are: topic.");
    expect(messages[2]).toMatch(/^The request body is not what this route takes: variables\.topic: /);
    expect(messages[3]).toBe("No run has the id 'no-such-run' in this Studio.");
    expect(server.requests).toHaveLength(0);
  });

  it('cancels a run: the model call in flight ends and the run says cancelled', async () => {
    const { url } = await start();
    server.enqueue({ text: 'too late', delayMilliseconds: 30_000 });
    const { run } = (await (
      await fetch(`${url}api/runs`, json({ crew: 'notes', variables: { topic: 'owls' } }))
    ).json()) as { run: { id: string } };
    await waitFor(() => server.requests.length === 1);
    const cancelled = await fetch(`${url}api/runs/${run.id}/cancel`, json({}));
    expect(cancelled.status).toBe(202);
    const events = await readStream(`${url}api/runs/${run.id}/events`);
    expect(events.at(-1)).toMatchObject({ kind: 'run.finished', interrupted: true });
    expect(((await (await fetch(`${url}api/runs`)).json()) as { runs: { status: string }[] }).runs[0]?.status).toBe(
      'cancelled',
    );
    // A second cancel is a conflict, not a crash.
    expect((await fetch(`${url}api/runs/${run.id}/cancel`, json({}))).status).toBe(409);
  });

  it('keeps MaxEventsPerRun events of a run and counts the dropped ones; the totals still count them all', async () => {
    const { url } = await start({ maxEventsPerRun: 100 });
    const calls = Array.from({ length: 60 }, (_, index) => ({
      name: 'directory_read',
      arguments: { path: `/missing-${index}` },
    }));
    // 60 tool calls in one turn: two events each, over the 100 kept.
    server.enqueue({ toolCalls: calls }, { text: 'done' });
    const { run } = (await (
      await fetch(`${url}api/runs`, json({ crew: 'notes', variables: { topic: 'x' } }))
    ).json()) as { run: { id: string } };
    await readStream(`${url}api/runs/${run.id}/events`);
    const detail = (await (await fetch(`${url}api/runs/${run.id}`)).json()) as {
      run: { toolCalls: number; eventsDropped: number; lastSeq: number };
      events: RunEvent[];
    };
    expect(detail.run.toolCalls).toBe(60);
    expect(detail.events).toHaveLength(100);
    expect(detail.run.eventsDropped).toBe(detail.run.lastSeq - 100);
    expect(detail.events.at(-1)?.seq).toBe(detail.run.lastSeq);
  });
});

describe('the settings and monitoring views', () => {
  it('shows the settings as set, secrets redacted; says when the monitoring backend is off', async () => {
    const configuration = Configuration.fromObject({ Llm: { Model: 'scripted', ApiKey: 'sk-never-shown-1234' } }, [
      ...coreSettingsSections,
    ]);
    studio = await startStudioServer({
      runtime,
      crews: [notes],
      logger: captureLogger().logger,
      port: 0,
      configuration,
    });
    const { url } = studio;
    const settings = (await (await fetch(`${url}api/settings`)).json()) as {
      settings: { key: string; value: unknown }[];
    };
    expect(settings.settings.map(({ key, value }) => [key, value])).toEqual([
      ['Llm:Model', 'scripted'],
      ['Llm:ApiKey', '[REDACTED]'],
    ]);
    expect(await (await fetch(`${url}api/metrics`)).json()).toEqual({ enabled: false });
    server.enqueue({ text: 'A note.' });
    const { run } = (await (
      await fetch(`${url}api/runs`, json({ crew: 'notes', variables: { topic: 'x' } }))
    ).json()) as { run: { id: string } };
    await readStream(`${url}api/runs/${run.id}/events`);
    expect(await (await fetch(`${url}api/runs/${run.id}/trace`)).json()).toEqual({ enabled: false, trace: null });
  });
});

describe('History', () => {
  it("lists past runs from the state store and the document store's execution states, merged by run id", async () => {
    const documents = new InMemoryDocumentStore();
    const states = new InMemoryStateStore();
    // An execution of an earlier process, recorded in the document store only.
    await new CrewExecutionStateManager({ store: documents }).completeState(
      (await new CrewExecutionStateManager({ store: documents }).createState('earlier', 'earlier-1', 'Old goal'))
        .executionId,
      { output: 'Old answer' },
    );
    const services = new ServiceCollection().addInstance(StateStoreService, states);
    addDocumentStore(services, documents);
    addCrewExecutionStatePersistence(
      services,
      Configuration.fromObject({ Svc: { ExecutionState: { Persistence: { Enabled: true } } } }, [
        crewExecutionStatePersistenceSettings,
      ]),
    );
    await runtime.dispose();
    runtime = await createRuntime({ services, model: scriptedChatModel(), logger: captureLogger().logger });
    const { url } = await start();
    server.enqueue({ text: 'A note.', usage: { inputTokens: 7, outputTokens: 3 } });
    const { run } = (await (
      await fetch(`${url}api/runs`, json({ crew: 'notes', variables: { topic: 'x' } }))
    ).json()) as { run: { id: string } };
    await readStream(`${url}api/runs/${run.id}/events`);
    const { runs } = (await (await fetch(`${url}api/history`)).json()) as { runs: Record<string, unknown>[] };
    expect(runs).toMatchObject([
      { crewId: 'notes', status: 'Completed', sources: ['checkpoints', 'execution-states'], tokens: 10 },
      { id: 'earlier-1', crewId: 'earlier', status: 'Completed', sources: ['execution-states'] },
    ]);
    expect(runs[1]).not.toHaveProperty('tokens');
    const recorded = (await (await fetch(`${url}api/history/${runs[0]?.id}`)).json()) as {
      run: { output: string; tasks: { taskId: string; status: string; startedAt: string; endedAt: string }[] };
    };
    expect(recorded.run.output).toBe('A note.');
    expect(recorded.run.tasks).toMatchObject([{ taskId: 'note', status: 'Completed' }]);
    expect(Date.parse(recorded.run.tasks[0]?.startedAt ?? '')).toBeLessThanOrEqual(
      Date.parse(recorded.run.tasks[0]?.endedAt ?? ''),
    );
    expect(((await (await fetch(`${url}api/history/earlier-1`)).json()) as { run: unknown }).run).toMatchObject({
      input: 'Old goal',
      output: 'Old answer',
      tasks: [],
    });
    const unknown = await fetch(`${url}api/history/nobody`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { message: "No recorded run has the id 'nobody'." } });
  });
});

describe('who may reach Studio', () => {
  it('without a token answers loopback names only, and takes changes only as JSON', async () => {
    const { url } = await start();
    const port = new URL(url).port;
    // A page elsewhere whose DNS name points at 127.0.0.1 arrives with its own name as Host.
    const rebound = await new Promise<number | undefined>((resolve, reject) =>
      request(
        { host: '127.0.0.1', port, path: '/api/runs', headers: { host: `attacker.example:${port}` } },
        (answer) => {
          answer.resume();
          resolve(answer.statusCode);
        },
      )
        .on('error', reject)
        .end(),
    );
    expect(rebound).toBe(403);
    const form = await fetch(`${url}api/runs`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"crew":"notes"}',
    });
    expect(form.status).toBe(415);
    expect(server.requests).toHaveLength(0);
  });

  it('with a token: 401 without it; the address with ?token= sets a cookie and leaves the token out of the address', async () => {
    const token = 'a-long-enough-secret-token';
    const { url } = await start({ token });
    expect(url).toMatch(/\/\?token=a-long-enough-secret-token$/);
    const base = url.replace(/\?token=.*$/, '');
    expect((await fetch(`${base}api/overview`)).status).toBe(401);
    expect(
      (await fetch(`${base}api/overview`, { headers: { authorization: 'Bearer wrong-token-of-some-length' } })).status,
    ).toBe(401);
    expect((await fetch(`${base}api/overview`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const opened = await fetch(url, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/');
    const cookie = opened.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect((await fetch(`${base}api/overview`, { headers: { cookie: cookie.split(';')[0] ?? '' } })).status).toBe(200);
    // A malformed cookie is refused like a wrong one, not answered 500.
    const hostile = await fetch(`${base}api/overview`, { headers: { cookie: 'orkeon_studio_token=%E0%A4%' } });
    expect(hostile.status).toBe(401);
    expect(((await hostile.json()) as { error: { message: string } }).error.message).toMatch(/needs its token/);
  });

  it('refuses to listen beyond loopback without a token', async () => {
    await expect(
      startStudioServer({ runtime, crews: [notes], logger: captureLogger().logger, host: '0.0.0.0', port: 0 }),
    ).rejects.toThrow(StudioUnsafeBindingError);
  });
});

/** Reads a run's SSE stream until the server ends it; the events in order. */
async function readStream(url: string, headers: Record<string, string> = {}): Promise<RunEvent[]> {
  const response = await fetch(url, { headers });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('id: '))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as RunEvent);
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 200) throw new Error('waited 10 s in vain');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
