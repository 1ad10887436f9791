import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InMemoryDocumentStore } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentDirectory, sharedAgentRegistrationStore, v1TaskCollection } from '../../src/index.js';
import { startTestHost, type TestHost, type TestHostOptions } from '../server/a2a-test-host.js';

const directory = new AgentDirectory();
let host: TestHost | undefined;
let folder: TemporaryDirectory | undefined;

beforeEach(() => {
  sharedAgentRegistrationStore.clear();
  directory.register({
    id: 'echo',
    name: 'Echo',
    description: 'Repeats the input, or asks first when told to',
    tags: [],
    kind: 'local',
    handler: async (request, signal, task) => {
      if (request.input === 'ask') {
        const answer = await task?.requestInput?.('Which one?', signal);
        return `chose ${answer?.answered === true ? answer.value : 'nothing'}`;
      }
      return `echo: ${request.input}`;
    },
  });
});

afterEach(async () => {
  await host?.close();
  host = undefined;
  await folder?.remove();
  folder = undefined;
});

async function start(options: TestHostOptions = {}): Promise<string> {
  host = await startTestHost(options);
  return host.url;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(url: string, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const response = await fetch(url, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0', ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

function rpc(url: string, method: string, params: unknown, headers: Record<string, string> = {}) {
  return call(`${url}/a2a/jsonrpc`, { body: { jsonrpc: '2.0', id: 1, method, params }, headers });
}

function message(text: string, extra: Record<string, unknown> = {}) {
  return { message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...extra } };
}

function errorCode(answer: Answer): unknown {
  return (answer.body.error as { code?: number } | undefined)?.code;
}

const taskNotFound = -32001;
const keyA = { 'x-api-key': 'key-a' };
const keyB = { 'x-api-key': 'key-b' };

describe('A2A v1.0 tasks belong to the caller that made them', () => {
  it('another credential neither reads, lists, cancels, follows, answers nor configures them', async () => {
    const url = await start({ security: { AllowedAuthSchemes: ['ApiKey'], ApiKey: { Keys: ['key-a', 'key-b'] } } });
    const sent = await rpc(url, 'SendMessage', message('ask', { metadata: { skillId: 'echo' } }), keyA);
    const task = (sent.body.result as { task: { id: string; contextId: string; status: { state: string } } }).task;
    expect(task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const id = task.id;

    expect(errorCode(await rpc(url, 'GetTask', { id }, keyB))).toBe(taskNotFound);
    expect((await rpc(url, 'ListTasks', {}, keyB)).body.result).toMatchObject({ totalSize: 0, tasks: [] });
    expect(errorCode(await rpc(url, 'CancelTask', { id }, keyB))).toBe(taskNotFound);
    expect(errorCode(await rpc(url, 'SubscribeToTask', { id }, keyB))).toBe(taskNotFound);
    const answer = message('the red one', { taskId: id, contextId: task.contextId });
    expect(errorCode(await rpc(url, 'SendMessage', answer, keyB))).toBe(taskNotFound);
    const config = { taskId: id, url: 'https://93.184.216.34/hook' };
    expect(errorCode(await rpc(url, 'CreateTaskPushNotificationConfig', config, keyB))).toBe(taskNotFound);
    expect(errorCode(await rpc(url, 'ListTaskPushNotificationConfigs', { taskId: id }, keyB))).toBe(taskNotFound);
    // Over HTTP+JSON the same: 404, as for a task that does not exist.
    expect((await call(`${url}/a2a/v1/tasks/${id}`, { headers: keyB })).status).toBe(404);

    // The owner still has it, waiting, and answers it.
    expect((await rpc(url, 'ListTasks', {}, keyA)).body.result).toMatchObject({ totalSize: 1 });
    const continued = await rpc(url, 'SendMessage', answer, keyA);
    expect(continued.body.result).toMatchObject({
      task: { id, status: { state: 'TASK_STATE_COMPLETED' }, artifacts: [{ parts: [{ text: 'chose the red one' }] }] },
    });
  });

  it('a renewed JWT of the same subject is the same caller; another subject is not', async () => {
    folder = await createTemporaryDirectory();
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const keyPath = join(folder.path, 'issuer.pem');
    await writeFile(keyPath, publicKey.export({ type: 'spki', format: 'pem' }));
    const token = (subject: string) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'ES256' })
        .setSubject(subject)
        .setIssuer('https://issuer.test')
        .setJti(randomUUID())
        .setExpirationTime('5m')
        .sign(privateKey);
    const url = await start({
      security: { AllowedAuthSchemes: ['Bearer'], Bearer: { PublicKeyPath: keyPath, Issuer: 'https://issuer.test' } },
    });
    const bearer = async (subject: string) => ({ authorization: `Bearer ${await token(subject)}` });
    const sent = await rpc(url, 'SendMessage', message('hello'), await bearer('alice'));
    const id = (sent.body.result as { task: { id: string } }).task.id;
    const again = await rpc(url, 'GetTask', { id }, await bearer('alice'));
    expect(again.body.result).toMatchObject({ id, status: { state: 'TASK_STATE_COMPLETED' } });
    expect(errorCode(await rpc(url, 'GetTask', { id }, await bearer('bob')))).toBe(taskNotFound);
  });
});

describe('A2A v1.0 tenants', () => {
  it('keeps the tasks of a tenant apart, by REST path prefix and by the tenant parameter', async () => {
    const url = await start();
    const sent = await call(`${url}/a2a/v1/acme/message:send`, { body: message('for acme') });
    expect(sent.status).toBe(200);
    const id = (sent.body.task as { id: string }).id;
    expect((await call(`${url}/a2a/v1/acme/tasks/${id}`)).body).toMatchObject({ id });
    expect((await call(`${url}/a2a/v1/tasks/${id}`)).status).toBe(404);
    expect((await call(`${url}/a2a/v1/globex/tasks/${id}`)).status).toBe(404);
    expect((await call(`${url}/a2a/v1/acme/tasks`)).body).toMatchObject({ totalSize: 1 });
    expect((await call(`${url}/a2a/v1/tasks`)).body).toMatchObject({ totalSize: 0 });
    // JSON-RPC carries the tenant as a parameter.
    expect((await rpc(url, 'GetTask', { id, tenant: 'acme' })).body.result).toMatchObject({ id });
    expect(errorCode(await rpc(url, 'GetTask', { id }))).toBe(taskNotFound);
  });
});

describe('task records written before owners were kept', () => {
  // The shape an earlier release wrote: no owner, no tenant.
  const earlier = {
    task: {
      id: 'task-from-before',
      contextId: 'context-1',
      status: { state: 'TASK_STATE_COMPLETED', timestamp: '2026-11-20T10:00:00.000Z' },
      history: [{ messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'hi' }] }],
      artifacts: [{ artifactId: 'task-from-before-output', name: 'output', parts: [{ text: 'echo: hi' }] }],
    },
    skillId: 'echo',
    createdAt: '2026-11-20T10:00:00.000Z',
  };

  it('are read as anonymous: an open server shows them, a credential does not', async () => {
    const store = new InMemoryDocumentStore();
    await store.put(v1TaskCollection, earlier.task.id, earlier);
    const url = await start({ store });
    expect((await rpc(url, 'GetTask', { id: earlier.task.id })).body.result).toEqual(earlier.task);
    expect((await rpc(url, 'ListTasks', {})).body.result).toMatchObject({ totalSize: 1 });
    await host?.close();
    host = undefined;

    const guarded = await start({ store, security: { AllowedAuthSchemes: ['ApiKey'], ApiKey: { Keys: ['key-a'] } } });
    expect(errorCode(await rpc(guarded, 'GetTask', { id: earlier.task.id }, keyA))).toBe(taskNotFound);
  });
});
