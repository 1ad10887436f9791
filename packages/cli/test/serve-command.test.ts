import type { ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { finished, servingUrl } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun();
const running: ChildProcess[] = [];
// Registered after the helper's, so it runs first: the servers stop before the model server closes.
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

async function crewFolder(name: string, agent: string): Promise<string> {
  const crew = await scripted.write(
    `${name}/crew.yaml`,
    `name: ${name}\ngoal: Help with ${name}\nagents:\n  ${agent}: { role: ${agent}, goal: Answer }\ntasks:\n  t: { description: Answer., expected_output: Text, agent: ${agent} }\n`,
  );
  return dirname(crew);
}

/** Starts `orkeon serve` and waits for its readiness line; resolves with its URL. */
async function serve(crew: string, extra: string[] = []): Promise<{ url: string; child: ChildProcess }> {
  const child = scripted.start(['serve', crew, '--set', 'A2A:Host=127.0.0.1', '--set', 'A2A:Port=0', ...extra]);
  running.push(child);
  const url = await servingUrl(child);
  return { url, child };
}

const send = async (url: string, body: unknown) => {
  const response = await fetch(`${url}/a2a/tasks/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('orkeon serve', () => {
  it('an agent that calls human_input over A2A v1.0 waits in INPUT_REQUIRED until the caller answers', async () => {
    const crew = await scripted.write(
      'planner/crew.yaml',
      'name: planner\nagents:\n  planner: { role: planner, goal: Plan trips, tools: [human_input] }\ntasks:\n  t: { description: Plan., expected_output: A plan, agent: planner }\n',
    );
    const { url } = await serve(dirname(crew));
    scripted.server.enqueue(
      { toolCalls: [{ name: 'human_input', arguments: { question: 'Which city?' } }] },
      { text: 'Trip to Lisbon planned' },
    );
    const rpc = async (params: unknown) =>
      (await (
        await fetch(`${url}/a2a/jsonrpc`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params }),
        })
      ).json()) as {
        result: { task: { id: string; status: { state: string; message?: unknown }; history: unknown[] } };
      };
    const asked = await rpc({ message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'Plan a trip' }] } });
    expect(asked.result.task.status).toMatchObject({
      state: 'TASK_STATE_INPUT_REQUIRED',
      message: { role: 'ROLE_AGENT', parts: [{ text: 'Which city?' }] },
    });
    const taskId = asked.result.task.id;
    const done = await rpc({ message: { messageId: 'm-2', taskId, role: 'ROLE_USER', parts: [{ text: 'Lisbon' }] } });
    expect(done.result.task).toMatchObject({
      id: taskId,
      status: { state: 'TASK_STATE_COMPLETED' },
      artifacts: [{ parts: [{ text: 'Trip to Lisbon planned' }] }],
    });
    expect(done.result.task.history).toMatchObject([
      { role: 'ROLE_USER', parts: [{ text: 'Plan a trip' }] },
      { role: 'ROLE_AGENT', parts: [{ text: 'Which city?' }] },
      { role: 'ROLE_USER', parts: [{ text: 'Lisbon' }] },
    ]);
    // The model read the caller's answer as the tool's result.
    expect(JSON.stringify(scripted.server.requests[1]?.body)).toContain('Lisbon');
  });

  it('A2A v1.0 tasks of one context continue one conversation per caller: the agent sees the earlier turns', async () => {
    const { url } = await serve(await crewFolder('desk', 'concierge'), [
      '--set',
      'A2A:Security:AllowedAuthSchemes:0=Bearer',
      '--set',
      'A2A:Security:Bearer:Tokens:0=token-of-ada-123456',
      '--set',
      'A2A:Security:Bearer:Tokens:1=token-of-bob-123456',
    ]);
    scripted.server.enqueue(
      { text: 'Noted: you are allergic to nuts.' },
      { text: 'Avoid the almond croissant.' },
      {
        text: 'I know nothing about you yet.',
      },
    );
    const send = (token: string, messageId: string, text: string) =>
      fetch(`${url}/a2a/jsonrpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'a2a-version': '1.0', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'SendMessage',
          params: { message: { messageId, contextId: 'stay-7', role: 'ROLE_USER', parts: [{ text }] } },
        }),
      }).then((response) => response.json() as Promise<{ result: { task: { status: { state: string } } } }>);
    const first = await send('token-of-ada-123456', 'm-1', 'I am allergic to nuts.');
    expect(first.result.task.status.state).toBe('TASK_STATE_COMPLETED');
    await send('token-of-ada-123456', 'm-2', 'What should I avoid at breakfast?');
    const continued = JSON.stringify(scripted.server.requests[1]?.body);
    expect(continued).toContain('I am allergic to nuts.');
    expect(continued).toContain('Noted: you are allergic to nuts.');
    // Another caller sending the same context id starts its own conversation.
    await send('token-of-bob-123456', 'm-3', 'What should I avoid?');
    expect(JSON.stringify(scripted.server.requests[2]?.body)).not.toContain('allergic');
  });

  it('serves each agent as a skill, answers tasks with the agent, keeps records, and stops on Ctrl+C', async () => {
    const { url, child } = await serve(await crewFolder('helpers', 'writer'));
    const card = (await (await fetch(`${url}/.well-known/agent.json`)).json()) as {
      name: string;
      description: string;
      skills: { id: string }[];
    };
    expect(card).toMatchObject({ name: 'helpers', description: 'Help with helpers' });
    expect(card.skills.map((skill) => skill.id)).toEqual(['writer']);
    scripted.server.enqueue({ text: 'written by the writer' });
    const result = await send(url, { id: 'task-1', skillId: 'writer', input: 'write something' });
    expect(result).toMatchObject({
      status: 200,
      body: { taskId: 'task-1', status: 'Completed', output: 'written by the writer' },
    });
    expect(JSON.stringify(scripted.server.requests[0]?.body)).toContain('You are writer.');
    const record = await fetch(`${url}/a2a/tasks/task-1`);
    expect(record.status).toBe(200);
    const stopped = finished(child);
    child.kill('SIGINT');
    expect((await stopped).code).toBe(130);
  });

  it('two processes: one reads the other’s card (A2A:Peers) and routes a task to it through its router', async () => {
    const b = await serve(await crewFolder('remote-crew', 'translator'));
    const a = await serve(await crewFolder('local-crew', 'planner'), [
      '--set',
      `A2A:Peers:0=${b.url}`,
      '--set',
      'A2A:Name=Planner desk',
      '--no-persistence',
    ]);
    const card = (await (await fetch(`${a.url}/.well-known/agent.json`)).json()) as {
      name: string;
      skills: { id: string }[];
    };
    expect(card.name).toBe('Planner desk');
    expect(card.skills.map((skill) => skill.id).sort()).toEqual(['planner', 'translator']);
    scripted.server.enqueue({ text: 'translated by B' });
    const routed = await send(a.url, { skillId: 'translator', input: 'bonjour' });
    expect(routed.body).toMatchObject({ status: 'Completed', output: 'translated by B' });
    expect(JSON.stringify(scripted.server.requests[0]?.body)).toContain('You are translator.');
    expect((await fetch(`${a.url}/a2a/tasks/whatever`)).status).toBe(501);
    // B's card offers A2A v1.0, so A called B over v1.0: the task is one of B's v1.0 tasks.
    const listed = (await (
      await fetch(`${b.url}/a2a/v1/tasks?includeArtifacts=true`, { headers: { 'a2a-version': '1.0' } })
    ).json()) as {
      tasks: { history: { parts: { text: string }[]; metadata?: { skillId?: string } }[] }[];
    };
    expect(listed.tasks).toHaveLength(1);
    expect(listed.tasks[0]?.history[0]).toMatchObject({
      parts: [{ text: 'bonjour' }],
      metadata: { skillId: 'translator' },
    });
  });

  it('signed cards: B signs its card (A2A:CardSigning); A routes to B only when B signed with a key of A2A:PeerCardKeys', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const intruder = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const keyPath = await scripted.write('keys/b.pem', String(privateKey.export({ type: 'pkcs8', format: 'pem' })));
    const trusted = await scripted.write('keys/b.pub.pem', String(publicKey.export({ type: 'spki', format: 'pem' })));
    const other = await scripted.write(
      'keys/other.pub.pem',
      String(intruder.publicKey.export({ type: 'spki', format: 'pem' })),
    );
    const b = await serve(await crewFolder('signed-crew', 'translator'), [
      '--set',
      `A2A:CardSigning:KeyPath=${keyPath}`,
      '--set',
      'A2A:CardSigning:KeyId=b-2026',
    ]);
    const skillsOf = async (url: string) =>
      ((await (await fetch(`${url}/.well-known/agent.json`)).json()) as { skills: { id: string }[] }).skills.map(
        (skill) => skill.id,
      );
    const peerOf = async (keyFile: string) =>
      serve(await crewFolder(`desk-${keyFile === trusted ? 'a' : 'b'}`, 'planner'), [
        '--set',
        `A2A:Peers:0=${b.url}`,
        '--set',
        `A2A:PeerCardKeys:b-2026=${keyFile}`,
        '--no-persistence',
      ]);
    const accepting = await peerOf(trusted);
    expect((await skillsOf(accepting.url)).sort()).toEqual(['planner', 'translator']);
    const refusing = await peerOf(other);
    expect(await skillsOf(refusing.url)).toEqual(['planner']);
  });
});
