import {
  cardForVersion,
  selectA2AV1Interface,
  type V1Part,
  type V1Task,
  v1EventOfV03,
  v1MessageOfV03,
  v1PartOfV03,
  v1PartSchema,
  v1StateOfV03,
  v1TaskOfV03,
  v1TaskStates,
  v03AgentCardOf,
  v03EventOf,
  v03EventSchema,
  v03MessageOf,
  v03MessageSchema,
  v03PartOf,
  v03PartSchema,
  v03StateOf,
  v03TaskOf,
  v03TaskSchema,
  v03TaskStateSchema,
} from '@orkeon/a2a';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const states = [
  ['submitted', 'TASK_STATE_SUBMITTED'],
  ['working', 'TASK_STATE_WORKING'],
  ['input-required', 'TASK_STATE_INPUT_REQUIRED'],
  ['completed', 'TASK_STATE_COMPLETED'],
  ['canceled', 'TASK_STATE_CANCELED'],
  ['failed', 'TASK_STATE_FAILED'],
  ['rejected', 'TASK_STATE_REJECTED'],
  ['auth-required', 'TASK_STATE_AUTH_REQUIRED'],
] as const;

describe('task states', () => {
  it.each(states)('%s ↔ %s', (v03, v1) => {
    expect(v1StateOfV03(v03)).toBe(v1);
    expect(v03StateOf(v1)).toBe(v03);
  });

  it('covers every v1.0 state, and refuses 0.3’s unknown, which has no counterpart', () => {
    expect(states.map(([, v1]) => v1).sort()).toEqual([...v1TaskStates].sort());
    const unknown = v03TaskStateSchema.safeParse('unknown');
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.message).toBe("state 'unknown' has no A2A 1.0 counterpart");
    expect(v03TaskStateSchema.safeParse('TASK_STATE_WORKING').success).toBe(false);
  });
});

const partPairs: [string, V1Part, unknown][] = [
  ['text', { text: 'hi', metadata: { a: 1 } }, { kind: 'text', text: 'hi', metadata: { a: 1 } }],
  [
    'file by url',
    { url: 'https://x.example/a.pdf', mediaType: 'application/pdf', filename: 'a.pdf' },
    { kind: 'file', file: { uri: 'https://x.example/a.pdf', mimeType: 'application/pdf', name: 'a.pdf' } },
  ],
  ['file by bytes', { raw: 'aGk=' }, { kind: 'file', file: { bytes: 'aGk=' } }],
  ['data object', { data: { city: 'Paris' } }, { kind: 'data', data: { city: 'Paris' } }],
  [
    'data that is not an object',
    { data: [1, 'two'], metadata: { m: true } },
    { kind: 'data', data: { value: [1, 'two'] }, metadata: { m: true, data_part_compat: true } },
  ],
  ['data null', { data: null }, { kind: 'data', data: { value: null }, metadata: { data_part_compat: true } }],
];

describe('parts', () => {
  it.each(partPairs)('%s: v1.0 → 0.3 → v1.0', (_name, v1, v03) => {
    expect(v03PartOf(v1)).toEqual(v03);
    expect(v03PartSchema.parse(v03)).toEqual(v03);
    expect(v1PartOfV03(v03PartSchema.parse(v03))).toEqual(v1);
  });

  it('leaves out what 0.3 has no place for: the media type and name of a text part', () => {
    expect(v03PartOf({ text: 'x', mediaType: 'text/markdown', filename: 'x.md' })).toEqual({ kind: 'text', text: 'x' });
  });

  it('refuses 0.3 parts that are not one', () => {
    const problems = [
      [{ kind: 'image', url: 'x' }, 'a part has kind text, file or data'],
      [{ text: 'no kind' }, 'a part has kind text, file or data'],
      [{ kind: 'file', file: {} }, 'a file holds exactly one of bytes or uri'],
      [{ kind: 'file', file: { bytes: 'aGk=', uri: 'https://x.example' } }, 'a file holds exactly one of bytes or uri'],
      [{ kind: 'file', file: { bytes: 'not base64!' } }, 'file.bytes must be base64 (standard alphabet, padded)'],
      [{ kind: 'file', file: { uri: 'no url' } }, 'file.uri must be a URL'],
      [{ kind: 'data', data: [1] }, undefined],
    ] as const;
    for (const [part, message] of problems) {
      const parsed = v03PartSchema.safeParse(part);
      expect(parsed.success, JSON.stringify(part)).toBe(false);
      if (message !== undefined) expect(parsed.error?.issues[0]?.message).toBe(message);
    }
  });

  it('keeps a data key named __proto__ through 0.3 (valid JSON, never a prototype)', () => {
    const given = JSON.parse('{"data":{"__proto__":0,"kept":true}}');
    const v1 = v1PartSchema.parse(given);
    const v03 = v03PartSchema.parse(JSON.parse(JSON.stringify(v03PartOf(v1))));
    const back = v1PartOfV03(v03);
    expect(Object.keys(back.data as object)).toEqual(['__proto__', 'kept']);
    expect(Object.getPrototypeOf(back.data)).toBe(Object.prototype);
    expect(back).toEqual(v1);
  });

  it('round-trips any v1.0 part through 0.3 (property; empty metadata counts as none)', () => {
    const json = fc.jsonValue();
    const metadata = fc.option(
      fc.dictionary(
        fc.string().filter((key) => key !== 'data_part_compat'),
        json,
        { minKeys: 1 },
      ),
      { nil: undefined },
    );
    const part = fc.oneof(
      fc.record({ text: fc.string(), metadata }),
      fc.record({
        raw: fc.uint8Array().map((bytes) => Buffer.from(bytes).toString('base64')),
        mediaType: fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
        metadata,
      }),
      fc.record({ url: fc.webUrl(), filename: fc.option(fc.string({ minLength: 1 }), { nil: undefined }), metadata }),
      fc.record({ data: json, metadata }),
    );
    fc.assert(
      fc.property(part, (given) => {
        const v1 = v1PartSchema.parse(JSON.parse(JSON.stringify(given)));
        const v03 = v03PartSchema.parse(JSON.parse(JSON.stringify(v03PartOf(v1))));
        expect(v1PartOfV03(v03)).toEqual(v1);
      }),
    );
  });
});

describe('messages, tasks and events', () => {
  const v1Message = {
    messageId: 'm-1',
    contextId: 'c-1',
    taskId: 't-1',
    role: 'ROLE_AGENT' as const,
    parts: [{ text: 'Which city?' }],
    referenceTaskIds: ['t-0'],
  };
  const v03Message = {
    kind: 'message',
    messageId: 'm-1',
    contextId: 'c-1',
    taskId: 't-1',
    role: 'agent',
    parts: [{ kind: 'text', text: 'Which city?' }],
    referenceTaskIds: ['t-0'],
  };

  it('writes a message with kind and 0.3 roles, and reads it back', () => {
    expect(v03MessageOf(v1Message)).toEqual(v03Message);
    expect(v1MessageOfV03(v03MessageSchema.parse(v03Message))).toEqual(v1Message);
    expect(v1MessageOfV03(v03MessageSchema.parse({ ...v03Message, role: 'user' })).role).toBe('ROLE_USER');
    expect(v03MessageOf({ ...v1Message, role: 'ROLE_USER', extensions: [] })).not.toHaveProperty('extensions');
    expect(v03MessageSchema.safeParse({ ...v03Message, kind: undefined }).success).toBe(false);
    expect(v03MessageSchema.safeParse({ ...v03Message, role: 'ROLE_USER' }).success).toBe(false);
  });

  const task: V1Task = {
    id: 't-1',
    contextId: 'c-1',
    status: { state: 'TASK_STATE_INPUT_REQUIRED', timestamp: '2026-01-01T00:00:00.000Z', message: v1Message },
    history: [{ ...v1Message, role: 'ROLE_USER', messageId: 'm-0' }],
    artifacts: [{ artifactId: 'a-1', name: 'output', parts: [{ text: 'x' }, { data: { n: 1 } }] }],
    metadata: { skill: 'asker' },
  };

  it('writes a task with kind, lower-case states and 0.3 parts, and reads it back', () => {
    const v03 = v03TaskOf(task);
    expect(v03).toEqual({
      kind: 'task',
      id: 't-1',
      contextId: 'c-1',
      status: { state: 'input-required', timestamp: '2026-01-01T00:00:00.000Z', message: v03Message },
      history: [{ ...v03Message, role: 'user', messageId: 'm-0' }],
      artifacts: [
        {
          artifactId: 'a-1',
          name: 'output',
          parts: [
            { kind: 'text', text: 'x' },
            { kind: 'data', data: { n: 1 } },
          ],
        },
      ],
      metadata: { skill: 'asker' },
    });
    expect(v1TaskOfV03(v03TaskSchema.parse(v03))).toEqual(task);
    expect(v03TaskOf({ ...task, history: [], artifacts: [] })).not.toHaveProperty('history');
  });

  it.each(states)('a %s status update is final when it ends a stream', (v03, v1) => {
    const event = v03EventOf({ statusUpdate: { taskId: 't', contextId: 'c', status: { state: v1 } } });
    const ends = !['submitted', 'working'].includes(v03);
    expect(event).toEqual({ kind: 'status-update', taskId: 't', contextId: 'c', status: { state: v03 }, final: ends });
    expect(v1EventOfV03(v03EventSchema.parse(event))).toEqual({
      statusUpdate: { taskId: 't', contextId: 'c', status: { state: v1 } },
    });
  });

  it('writes and reads the other events: task, message, artifact update', () => {
    const artifactUpdate = {
      artifactUpdate: {
        taskId: 't',
        contextId: 'c',
        artifact: { artifactId: 'a', parts: [{ text: 'chunk' }] },
        append: true,
        lastChunk: false,
      },
    };
    const written = v03EventOf(artifactUpdate);
    expect(written).toEqual({
      kind: 'artifact-update',
      taskId: 't',
      contextId: 'c',
      artifact: { artifactId: 'a', parts: [{ kind: 'text', text: 'chunk' }] },
      append: true,
      lastChunk: false,
    });
    expect(v1EventOfV03(v03EventSchema.parse(written))).toEqual(artifactUpdate);
    expect(v1EventOfV03(v03EventSchema.parse(v03EventOf({ task })))).toEqual({ task });
    expect(v1EventOfV03(v03EventSchema.parse(v03EventOf({ message: v1Message })))).toEqual({ message: v1Message });
    expect(v03EventSchema.safeParse({ kind: 'task-update' }).success).toBe(false);
  });
});

describe('cards', () => {
  const v1Card = {
    name: 'Agent',
    description: 'Does things',
    version: '2.0.0',
    supportedInterfaces: [
      { url: 'https://a.example/a2a/jsonrpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: 'https://a.example/a2a/v1', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
      { url: 'https://a.example/a2a/jsonrpc', protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ],
    capabilities: { streaming: true, pushNotifications: false, extendedAgentCard: true },
    securitySchemes: {
      bearer: { httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: 'JWT' } },
      apiKey: { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } },
      mtls: { mtlsSecurityScheme: {} },
      oidc: {
        openIdConnectSecurityScheme: { openIdConnectUrl: 'https://id.example/.well-known/openid-configuration' },
      },
      oauth: {
        oauth2SecurityScheme: {
          flows: { clientCredentials: { tokenUrl: 'https://id.example/token', scopes: { read: 'Read' } } },
        },
      },
    },
    securityRequirements: [
      { schemes: { bearer: { list: [] }, mtls: { list: [] } } },
      { schemes: { oauth: { list: ['read'] } } },
    ],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 's', name: 'S', description: 'd', tags: ['t'], inputModes: ['text/plain'] }],
  };

  it('writes the 0.3 card from the 0.3 interface, with 0.3 security schemes', () => {
    expect(v03AgentCardOf(v1Card, { embedV1Interfaces: false })).toEqual({
      name: 'Agent',
      description: 'Does things',
      version: '2.0.0',
      url: 'https://a.example/a2a/jsonrpc',
      preferredTransport: 'JSONRPC',
      protocolVersion: '0.3',
      capabilities: { streaming: true, pushNotifications: false },
      supportsAuthenticatedExtendedCard: true,
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [{ id: 's', name: 'S', description: 'd', tags: ['t'], inputModes: ['text/plain'] }],
      securitySchemes: {
        bearer: { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        mtls: { type: 'mutualTLS' },
        oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example/.well-known/openid-configuration' },
        oauth: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: 'https://id.example/token', scopes: { read: 'Read' } } },
        },
      },
      security: [{ bearer: [], mtls: [] }, { oauth: ['read'] }],
    });
    expect(v03AgentCardOf(v1Card, { embedV1Interfaces: true })?.supportedInterfaces).toEqual(
      v1Card.supportedInterfaces,
    );
  });

  it('serves it only to 0.3 requests, only with 0.3 served and declared', () => {
    const v1Only = { ...v1Card, supportedInterfaces: v1Card.supportedInterfaces.slice(0, 2) };
    expect(v03AgentCardOf(v1Only, { embedV1Interfaces: true })).toBeUndefined();
    expect(cardForVersion(v1Card, '1.0', true)).toBe(v1Card);
    expect(cardForVersion(v1Card, '0.3', false)).toBe(v1Card);
    expect(cardForVersion(v1Only, '0.3', true)).toBe(v1Only);
    expect(cardForVersion(v1Card, '0.3', true)).toMatchObject({
      url: 'https://a.example/a2a/jsonrpc',
      protocolVersion: '0.3',
    });
  });
});

describe('choosing an interface (the client side)', () => {
  const at = (protocolBinding: string, protocolVersion: string) => ({
    url: `https://a.example/${protocolBinding}/${protocolVersion}`,
    protocolBinding,
    protocolVersion,
  });

  it('prefers any preferred binding at 1.x to JSON-RPC at 0.3, and takes 0.3 when nothing else is there', () => {
    const card = { supportedInterfaces: [at('JSONRPC', '0.3'), at('HTTP+JSON', '1.0')] };
    expect(selectA2AV1Interface(card)).toEqual(at('HTTP+JSON', '1.0'));
    expect(selectA2AV1Interface({ supportedInterfaces: [at('JSONRPC', '0.3'), at('JSONRPC', '1.0')] })).toEqual(
      at('JSONRPC', '1.0'),
    );
    expect(selectA2AV1Interface({ supportedInterfaces: [at('GRPC', '1.0'), at('JSONRPC', '0.3.0')] })).toEqual(
      at('JSONRPC', '0.3.0'),
    );
  });

  it('refuses 0.3 over HTTP+JSON, 0.3 when JSONRPC is not preferred, and other versions', () => {
    expect(() => selectA2AV1Interface({ supportedInterfaces: [at('HTTP+JSON', '0.3')] })).toThrow(
      /serves A2A 0\.3 over HTTP\+JSON, and this client speaks A2A 0\.3 over JSONRPC only/,
    );
    expect(() => selectA2AV1Interface({ supportedInterfaces: [at('JSONRPC', '0.3')] }, ['HTTP+JSON'])).toThrow(
      /not among preferredBindings/,
    );
    expect(() => selectA2AV1Interface({ supportedInterfaces: [at('JSONRPC', '0.2.6')] })).toThrow(
      /serves A2A 0\.2\.6, and this client speaks 1\.x \(and 0\.3 over JSONRPC\)/,
    );
  });
});
