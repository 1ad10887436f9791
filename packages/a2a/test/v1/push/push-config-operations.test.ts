import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestHost } from '../../server/a2a-test-host.js';
import {
  call,
  type Gate,
  loopbackPush,
  message,
  reasonOf,
  registerPushAgents,
  rpc,
  startGatedTask,
  startPushHost,
} from './push-test-kit.js';

let gate: Gate;
let host: TestHost | undefined;

beforeEach(() => {
  gate = registerPushAgents();
});

afterEach(async () => {
  gate.open();
  await host?.close();
  host = undefined;
});

async function start(push: Record<string, unknown> = loopbackPush): Promise<string> {
  host = await startPushHost({ settings: { PushNotifications: push } });
  return host.url;
}

const hook = 'http://127.0.0.1:9/hook';

describe('push notification configs over JSON-RPC', () => {
  it('creates (id made by the server), reads, lists and deletes the configs of a task', async () => {
    const url = await start();
    const taskId = await startGatedTask(url);
    const made = await rpc(url, 'CreateTaskPushNotificationConfig', {
      taskId,
      url: hook,
      token: 'tok-1',
      authentication: { scheme: 'Bearer', credentials: 'secret-1' },
    });
    const config = made.body.result as { id: string };
    expect(config).toEqual({
      id: expect.stringMatching(/.+/),
      taskId,
      url: hook,
      token: 'tok-1',
      authentication: { scheme: 'Bearer', credentials: 'secret-1' },
    });
    const named = await rpc(url, 'CreateTaskPushNotificationConfig', { taskId, id: 'mine', url: `${hook}/2` });
    expect(named.body.result).toEqual({ id: 'mine', taskId, url: `${hook}/2` });

    const read = await rpc(url, 'GetTaskPushNotificationConfig', { taskId, id: config.id });
    expect(read.body.result).toEqual(made.body.result);
    const listed = await rpc(url, 'ListTaskPushNotificationConfigs', { taskId });
    expect(listed.body.result).toEqual({
      configs: expect.arrayContaining([made.body.result, named.body.result]),
      nextPageToken: '',
    });

    // The same id again replaces the config.
    await rpc(url, 'CreateTaskPushNotificationConfig', { taskId, id: 'mine', url: `${hook}/3` });
    expect((await rpc(url, 'GetTaskPushNotificationConfig', { taskId, id: 'mine' })).body.result).toMatchObject({
      url: `${hook}/3`,
    });

    const deleted = await rpc(url, 'DeleteTaskPushNotificationConfig', { taskId, id: 'mine' });
    expect(deleted.body).toMatchObject({ id: 1, result: {} });
    const gone = await rpc(url, 'GetTaskPushNotificationConfig', { taskId, id: 'mine' });
    expect(gone.body.error).toMatchObject({ code: -32001, message: expect.stringContaining("'mine'") });
    expect((await rpc(url, 'ListTaskPushNotificationConfigs', { taskId })).body.result).toEqual({
      configs: [made.body.result],
      nextPageToken: '',
    });
  });

  it('pages the list in id order with pageSize and nextPageToken', async () => {
    const url = await start();
    const taskId = await startGatedTask(url);
    for (const id of ['c', 'a', 'b']) await rpc(url, 'CreateTaskPushNotificationConfig', { taskId, id, url: hook });
    const ids: string[] = [];
    let pageToken = '';
    let pages = 0;
    do {
      const page = (await rpc(url, 'ListTaskPushNotificationConfigs', { taskId, pageSize: 2, pageToken })).body
        .result as { configs: { id: string }[]; nextPageToken: string };
      ids.push(...page.configs.map((config) => config.id));
      pageToken = page.nextPageToken;
      pages += 1;
    } while (pageToken !== '');
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(pages).toBe(2);
    const bad = await rpc(url, 'ListTaskPushNotificationConfigs', { taskId, pageToken: '!!' });
    expect(bad.body.error).toMatchObject({ code: -32602, message: expect.stringContaining('pageToken') });
  });

  it('answers TaskNotFound for every operation on an unknown task, and keeps configs of tasks apart', async () => {
    const url = await start();
    for (const [method, params] of [
      ['CreateTaskPushNotificationConfig', { taskId: 'nope', url: hook }],
      ['GetTaskPushNotificationConfig', { taskId: 'nope', id: 'x' }],
      ['ListTaskPushNotificationConfigs', { taskId: 'nope' }],
      ['DeleteTaskPushNotificationConfig', { taskId: 'nope', id: 'x' }],
    ] as const) {
      const answer = await rpc(url, method, params);
      expect(answer.body.error, method).toMatchObject({ code: -32001 });
      expect(reasonOf(answer.body), method).toBe('TASK_NOT_FOUND');
    }
    const first = await startGatedTask(url);
    const second = await startGatedTask(url);
    await rpc(url, 'CreateTaskPushNotificationConfig', { taskId: first, id: 'only-first', url: hook });
    expect((await rpc(url, 'ListTaskPushNotificationConfigs', { taskId: second })).body.result).toEqual({
      configs: [],
      nextPageToken: '',
    });
    const other = await rpc(url, 'GetTaskPushNotificationConfig', { taskId: second, id: 'only-first' });
    expect(other.body.error).toMatchObject({ code: -32001 });
  });

  it('refuses a malformed config with InvalidParams naming the field', async () => {
    const url = await start();
    const taskId = await startGatedTask(url);
    const cases: [Record<string, unknown>, string][] = [
      [{ taskId }, 'params.url'],
      [{ taskId, url: 'not a url' }, 'absolute URL'],
      [{ taskId, url: 'ftp://example.com/x' }, 'ftp'],
      [{ taskId, url: hook, authentication: { scheme: 'Bear er', credentials: 'x' } }, 'authentication.scheme'],
      [{ taskId, url: hook, authentication: { scheme: 'Bearer' } }, 'authentication.credentials'],
      [{ taskId, url: hook, token: 'a\r\nX-Injected: 1' }, 'params.token'],
      [{ taskId, url: hook, id: 'a/b' }, 'params.id'],
      [{ taskId: 7, url: hook }, 'params.taskId'],
    ];
    for (const [params, named] of cases) {
      const answer = await rpc(url, 'CreateTaskPushNotificationConfig', params);
      expect(answer.body.error, JSON.stringify(params)).toMatchObject({
        code: -32602,
        message: expect.stringContaining(named),
      });
    }
    expect((await rpc(url, 'ListTaskPushNotificationConfigs', { taskId })).body.result).toEqual({
      configs: [],
      nextPageToken: '',
    });
  });
});

describe('push notification configs over HTTP+JSON', () => {
  it('POST makes one (201), GET reads and lists, DELETE removes it (204)', async () => {
    const url = await start();
    const taskId = await startGatedTask(url);
    const base = `${url}/a2a/v1/tasks/${taskId}/pushNotificationConfigs`;
    const made = await call(base, { body: { url: hook, token: 'tok' } });
    expect(made.status).toBe(201);
    const id = (made.body as { id: string }).id;
    expect(made.body).toEqual({ id, taskId, url: hook, token: 'tok' });

    const read = await call(`${base}/${id}`);
    expect(read).toEqual({ status: 200, body: made.body });
    const listed = await call(`${base}?pageSize=1`);
    expect(listed).toEqual({ status: 200, body: { configs: [made.body], nextPageToken: '' } });

    const deleted = await fetch(`${base}/${id}`, { method: 'DELETE', headers: { 'a2a-version': '1.0' } });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    const gone = await call(`${base}/${id}`);
    expect(gone.status).toBe(404);
    expect(reasonOf(gone.body)).toBe('TASK_NOT_FOUND');
  });

  it('answers 404 for an unknown task, 400 for a body whose taskId is not the path’s or a refused url', async () => {
    const url = await start({ ...loopbackPush, AllowedHosts: [] });
    const unknown = await call(`${url}/a2a/v1/tasks/nope/pushNotificationConfigs`, { body: { url: hook } });
    expect(unknown.status).toBe(404);
    expect(reasonOf(unknown.body)).toBe('TASK_NOT_FOUND');
    const taskId = await startGatedTask(url);
    const base = `${url}/a2a/v1/tasks/${taskId}/pushNotificationConfigs`;
    const mismatch = await call(base, { body: { taskId: 'other', url: 'https://example.com/hook' } });
    expect(mismatch.status).toBe(400);
    expect((mismatch.body.error as { message: string }).message).toContain("'other'");
    const loopback = await call(base, { body: { url: hook } });
    expect(loopback.status).toBe(400);
    expect((loopback.body.error as { message: string }).message).toContain('A2A:PushNotifications:AllowedHosts');
    expect((await call(base)).body).toEqual({ configs: [], nextPageToken: '' });
  });
});

describe('push notifications on and off', () => {
  it('are declared by the card by default', async () => {
    const url = await start();
    const card = await call(`${url}/.well-known/agent-card.json`);
    expect(card.body.capabilities).toEqual({ streaming: true, pushNotifications: true, extendedAgentCard: false });
  });

  it('A2A:PushNotifications:Enabled false: the card says so and every push operation is PushNotificationNotSupported', async () => {
    const url = await start({ Enabled: false });
    const card = await call(`${url}/.well-known/agent-card.json`);
    expect(card.body.capabilities).toMatchObject({ pushNotifications: false });
    const taskId = await startGatedTask(url);
    for (const method of [
      'CreateTaskPushNotificationConfig',
      'GetTaskPushNotificationConfig',
      'ListTaskPushNotificationConfigs',
      'DeleteTaskPushNotificationConfig',
    ]) {
      const answer = await rpc(url, method, { taskId, id: 'x', url: hook });
      expect(answer.body.error, method).toMatchObject({ code: -32003 });
      expect(reasonOf(answer.body)).toBe('PUSH_NOTIFICATION_NOT_SUPPORTED');
    }
    const rest = await call(`${url}/a2a/v1/tasks/${taskId}/pushNotificationConfigs`, { body: { url: hook } });
    expect(rest.status).toBe(400);
    expect(reasonOf(rest.body)).toBe('PUSH_NOTIFICATION_NOT_SUPPORTED');
    const send = await rpc(url, 'SendMessage', message('x', 'echo', { taskPushNotificationConfig: { url: hook } }));
    expect(send.body.error).toMatchObject({ code: -32003 });
  });

  it('checks the config a SendMessage brings before any task is made', async () => {
    const url = await start({ ...loopbackPush, AllowedHosts: [] });
    const refused = await rpc(
      url,
      'SendMessage',
      message('x', 'echo', { taskPushNotificationConfig: { url: 'http://127.0.0.1:9/hook' } }),
    );
    expect(refused.body.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('loopback'),
    });
    const malformed = await rpc(
      url,
      'SendMessage',
      message('x', 'echo', { taskPushNotificationConfig: { token: 't' } }),
    );
    expect(malformed.body.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('configuration.taskPushNotificationConfig.url'),
    });
    const tasks = await rpc(url, 'ListTasks', {});
    expect(tasks.body.result).toMatchObject({ tasks: [], totalSize: 0 });
  });
});
