import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { GetTaskRequest, ListTasksRequest, SendMessageRequest, TaskState } from '@a2a-js/sdk';
import { GRPC_STATUS_CODE, type GrpcA2AError, GrpcTaskNotFoundError, isGrpcError } from '@a2a-js/sdk/errors/grpc';
import { credentials } from '@grpc/grpc-js';
import {
  A2AGrpcListenError,
  A2AGrpcSecurityMissingError,
  A2ASecurityConfigurationError,
  A2AServer,
  A2AUnsafeBindingError,
  AgentDirectory,
  a2aSettings,
  createGrpcCallSecurity,
  sharedAgentRegistrationStore,
} from '@orkeon/a2a';
import { captureLogger, createTestCertificates, type TestCertificate, type TestCertificates } from '@orkeon/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestHost, type TestHost } from '../../server/a2a-test-host.js';
import { artifactText, grpcCard, rejectionOf, sdkGrpcClient, userMessage } from './grpc-test-client.js';

let certificates: TestCertificates;
let host: TestHost | undefined;
const directory = new AgentDirectory();

beforeAll(async () => {
  certificates = await createTestCertificates();
});

afterAll(async () => {
  await certificates.remove();
});

beforeEach(() => {
  sharedAgentRegistrationStore.clear();
  directory.register({
    id: 'echo',
    name: 'Echo',
    description: 'Repeats the input',
    tags: [],
    kind: 'local',
    handler: async (request) => `echo: ${request.input}`,
  });
});

afterEach(async () => {
  await host?.close();
  host = undefined;
});

const noTask = { id: 'no-such-task', tenant: '', historyLength: undefined };

function tlsSettings() {
  return {
    GrpcPort: 0,
    CertificatePath: certificates.server.certPath,
    CertificateKeyPath: certificates.server.keyPath,
  };
}

/** TLS trusting the test CA, presenting `client` (its chain: the certificate and any intermediates) when given. */
function tls(client?: TestCertificate) {
  const ca = Buffer.from(certificates.ca.certPem);
  return client === undefined
    ? credentials.createSsl(ca)
    : credentials.createSsl(ca, Buffer.from(client.keyPem), Buffer.from(client.chainPem));
}

function statusOf(error: unknown): number | undefined {
  return isGrpcError(error) ? error.status : undefined;
}

describe('the gRPC binding over TLS with A2A:Security:RequireMutualTls', () => {
  beforeEach(async () => {
    host = await startTestHost({
      settings: tlsSettings(),
      security: { RequireMutualTls: true, TrustedCertificateAuthorities: [certificates.ca.certPath] },
    });
  });

  it('admits a client certificate issued by the trusted CA', async () => {
    const client = await sdkGrpcClient(grpcCard(host?.server as A2AServer), tls(certificates.client));
    const result = await client.sendMessage(userMessage('over mTLS'));
    expect('id' in result && result.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(await rejectionOf(client.getTask(noTask))).toBeInstanceOf(GrpcTaskNotFoundError);
  });

  it('scopes tasks to the client certificate: another certificate neither lists nor reads them', async () => {
    const owner = await sdkGrpcClient(grpcCard(host?.server as A2AServer), tls(certificates.client));
    const made = await owner.sendMessage(userMessage('mine'));
    const id = 'id' in made ? made.id : '';
    expect((await owner.listTasks(ListTasksRequest.fromJSON({}))).totalSize).toBe(1);
    expect((await owner.getTask(GetTaskRequest.fromJSON({ id }))).id).toBe(id);
    const other = await sdkGrpcClient(grpcCard(host?.server as A2AServer), tls(certificates.intermediateClient));
    expect((await other.listTasks(ListTasksRequest.fromJSON({}))).totalSize).toBe(0);
    expect(await rejectionOf(other.getTask(GetTaskRequest.fromJSON({ id })))).toBeInstanceOf(GrpcTaskNotFoundError);
  });

  it('admits a certificate of an intermediate CA, judged on the chain the client sent', async () => {
    const client = await sdkGrpcClient(grpcCard(host?.server as A2AServer), tls(certificates.intermediateClient));
    expect(await rejectionOf(client.getTask(noTask))).toBeInstanceOf(GrpcTaskNotFoundError);
  });

  it('refuses a client without a certificate PERMISSION_DENIED, and runs nothing for it', async () => {
    const client = await sdkGrpcClient(grpcCard(host?.server as A2AServer), tls());
    const error = await rejectionOf(client.sendMessage(userMessage('refused')));
    expect(statusOf(error)).toBe(GRPC_STATUS_CODE.PERMISSION_DENIED);
    expect((error as Error).message).toMatch(/no client certificate was presented/);
    const streamed = await rejectionOf(
      (async () => {
        for await (const _ of client.sendMessageStream(userMessage('refused'))) {
          // The refusal comes before any event.
        }
      })(),
    );
    expect(statusOf(streamed)).toBe(GRPC_STATUS_CODE.PERMISSION_DENIED);
    const admitted = await sdkGrpcClient(grpcCard(host?.server as A2AServer), tls(certificates.client));
    expect((await admitted.listTasks(ListTasksRequest.fromJSON({}))).totalSize).toBe(0);
  });

  it('refuses certificates of another CA, an impostor chain and an expired one', async () => {
    for (const [client, reason] of [
      [certificates.rogueClient, /neither chains to a trusted CA/],
      [certificates.rogueChainClient, /neither chains to a trusted CA/],
      [certificates.expiredClient, /outside its validity period/],
    ] as const) {
      const sdk = await sdkGrpcClient(grpcCard(host?.server as A2AServer), tls(client));
      const error = await rejectionOf(sdk.getTask(noTask));
      expect(statusOf(error)).toBe(GRPC_STATUS_CODE.PERMISSION_DENIED);
      expect((error as Error).message).toMatch(reason);
    }
  });

  it('refuses a plain-text client: the binding speaks TLS only', async () => {
    const client = await sdkGrpcClient(grpcCard(host?.server as A2AServer));
    expect(statusOf(await rejectionOf(client.getTask(noTask)))).toBe(GRPC_STATUS_CODE.UNAVAILABLE);
  });
});

describe('the gRPC binding over TLS without mutual TLS', () => {
  it('serves a client that trusts the server certificate; one that does not trust it cannot connect', async () => {
    host = await startTestHost({ settings: tlsSettings() });
    const client = await sdkGrpcClient(grpcCard(host.server), tls());
    const result = await client.sendMessage(userMessage('over TLS'));
    expect('id' in result && result.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const untrusting = await sdkGrpcClient(grpcCard(host.server), credentials.createSsl());
    expect(statusOf(await rejectionOf(untrusting.getTask(noTask)))).toBe(GRPC_STATUS_CODE.UNAVAILABLE);
  });
});

describe('the gRPC binding with A2A:Security credentials', () => {
  beforeEach(async () => {
    host = await startTestHost({
      settings: { GrpcPort: 0 },
      security: {
        AllowedAuthSchemes: ['Bearer', 'ApiKey'],
        Bearer: { Tokens: ['grpc-token'] },
        ApiKey: { Keys: ['grpc-key'] },
      },
    });
  });

  it('refuses a call without credentials UNAUTHENTICATED, and runs nothing for it', async () => {
    const client = await sdkGrpcClient(grpcCard(host?.server as A2AServer));
    const error = await rejectionOf(client.sendMessage(userMessage('refused')));
    expect(statusOf(error)).toBe(GRPC_STATUS_CODE.UNAUTHENTICATED);
    expect((error as Error).message).toMatch(/missing credentials\. Allowed schemes: Bearer, ApiKey/);
    const tasks = await client.listTasks(ListTasksRequest.fromJSON({}), {
      serviceParameters: { authorization: 'Bearer grpc-token' },
    });
    expect(tasks.totalSize).toBe(0);
  });

  it('checks the bearer token of the authorization metadata', async () => {
    const client = await sdkGrpcClient(grpcCard(host?.server as A2AServer));
    const wrong = await rejectionOf(client.getTask(noTask, { serviceParameters: { authorization: 'Bearer nope' } }));
    expect(statusOf(wrong)).toBe(GRPC_STATUS_CODE.UNAUTHENTICATED);
    expect((wrong as Error).message).toMatch(/token rejected/);
    const unknownScheme = await rejectionOf(
      client.getTask(noTask, { serviceParameters: { authorization: 'Basic Z3JwYy10b2tlbg==' } }),
    );
    expect((unknownScheme as Error).message).toMatch(/authentication scheme not allowed/);
    const options = { serviceParameters: { authorization: 'Bearer grpc-token' } };
    const result = await client.sendMessage(userMessage('with a token'), options);
    expect('id' in result && result.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const seen: string[] = [];
    for await (const event of client.sendMessageStream(userMessage('streamed'), options))
      seen.push(event.payload?.$case ?? '');
    expect(seen).toEqual(['task', 'artifactUpdate', 'statusUpdate']);
  });

  it('checks an API key in its own metadata (A2A:Security:ApiKey:HeaderName) or as authorization ApiKey', async () => {
    const client = await sdkGrpcClient(grpcCard(host?.server as A2AServer));
    const wrong = await rejectionOf(client.getTask(noTask, { serviceParameters: { 'x-api-key': 'nope' } }));
    expect(statusOf(wrong)).toBe(GRPC_STATUS_CODE.UNAUTHENTICATED);
    expect((wrong as Error).message).toMatch(/key rejected/);
    for (const serviceParameters of [{ 'X-API-Key': 'grpc-key' }, { authorization: 'ApiKey grpc-key' }]) {
      const error = await rejectionOf(client.getTask(noTask, { serviceParameters }));
      expect(error).toBeInstanceOf(GrpcTaskNotFoundError);
      expect((error as GrpcA2AError).status).toBe(GRPC_STATUS_CODE.NOT_FOUND);
    }
  });
});

describe('the documented gRPC example', () => {
  it('runs with mutual TLS and a bearer token together, as docs/a2a.md shows it', async () => {
    host = await startTestHost({
      settings: tlsSettings(),
      security: {
        RequireMutualTls: true,
        TrustedCertificateAuthorities: [certificates.ca.certPath],
        AllowedAuthSchemes: ['Bearer'],
        Bearer: { Tokens: ['agent-token'] },
      },
    });
    const client = await sdkGrpcClient(grpcCard(host.server), tls(certificates.client));
    const options = { serviceParameters: { authorization: 'Bearer agent-token' } };
    const answer = await client.sendMessage(
      SendMessageRequest.fromJSON({
        message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'A long text' }] },
      }),
      options,
    );
    expect('id' in answer && artifactText(answer)).toBe('echo: A long text');
    const missing = await rejectionOf(client.getTask(GetTaskRequest.fromJSON({ id: 'no-such-task' }), options));
    expect(missing).toBeInstanceOf(GrpcTaskNotFoundError);
    expect((missing as GrpcA2AError).status).toBe(5);
    const certificateOnly = await rejectionOf(client.getTask(GetTaskRequest.fromJSON({ id: 'no-such-task' })));
    expect(statusOf(certificateOnly)).toBe(GRPC_STATUS_CODE.UNAUTHENTICATED);
    const tokenOnly = await sdkGrpcClient(grpcCard(host.server), tls());
    const refused = await rejectionOf(tokenOnly.getTask(GetTaskRequest.fromJSON({ id: 'no-such-task' }), options));
    expect(statusOf(refused)).toBe(GRPC_STATUS_CODE.PERMISSION_DENIED);
  });
});

describe('starting the gRPC binding fails closed', () => {
  const services = { createScope: () => ({}) as never };
  const settings = (given: Record<string, unknown>) =>
    a2aSettings.schema.parse({ EnableServer: true, Host: '127.0.0.1', Port: 0, GrpcPort: 0, ...given });

  it('refuses a server with request guards but no gRPC call security, before listening', async () => {
    const server = new A2AServer({
      settings: settings({}),
      services,
      logger: captureLogger().logger,
      guards: [async () => undefined],
    });
    const error = await rejectionOf(server.start());
    expect(error).toBeInstanceOf(A2AGrpcSecurityMissingError);
    expect((error as A2AGrpcSecurityMissingError).code).toBe('A2A_GRPC_SECURITY_MISSING');
    expect(server.address).toBeUndefined();
  });

  it('refuses to listen beyond loopback without credentials or mutual TLS, as HTTP does', async () => {
    // 192.0.2.1 (TEST-NET-1) is beyond loopback and not an address of this machine: nothing can listen there.
    const open = new A2AServer({ settings: settings({ Host: '192.0.2.1' }), services, logger: captureLogger().logger });
    expect(await rejectionOf(open.start())).toBeInstanceOf(A2AUnsafeBindingError);
    const { logger } = captureLogger();
    const guarded = new A2AServer({
      settings: settings({ Host: '192.0.2.1' }),
      services,
      logger,
      grpcSecurity: createGrpcCallSecurity({ AllowedAuthSchemes: ['Bearer'], Bearer: { Tokens: ['t'] } }, { logger }),
    });
    // With credentials the rule lets it try, and listening fails on the address instead.
    const error = await rejectionOf(guarded.start());
    expect(error).not.toBeInstanceOf(A2AUnsafeBindingError);
    expect((error as NodeJS.ErrnoException).code).toBe('EADDRNOTAVAIL');
  });

  it('names the port it cannot take; the HTTP listener it opened is closed again', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen({ host: '127.0.0.1', port: 0 }, resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const server = new A2AServer({
        settings: settings({ GrpcPort: port }),
        services,
        logger: captureLogger().logger,
      });
      const error = await rejectionOf(server.start());
      expect(error).toBeInstanceOf(A2AGrpcListenError);
      expect((error as Error).message).toMatch(new RegExp(`127\\.0\\.0\\.1:${port} .*A2A:GrpcPort`));
      expect(server.address).toBeUndefined();
      expect(server.grpcAddress).toBeUndefined();
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('refuses mutual TLS without a trust anchor, and a listed scheme without a validator', () => {
    const { logger } = captureLogger();
    expect(() => createGrpcCallSecurity({ RequireMutualTls: true }, { logger })).toThrow(A2ASecurityConfigurationError);
    expect(() => createGrpcCallSecurity({ AllowedAuthSchemes: ['ApiKey'] }, { logger })).toThrow(
      /no key is configured/,
    );
  });
});
