import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Configuration, createLogger, LoggerService, ServiceCollection, type SettingsTree } from '@orkeon/core';
import { createTestCertificates, type TestCertificates } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  A2AAgentDiscovery,
  A2AClient,
  type A2AClientError,
  A2ATaskRouterService,
  AgentDirectoryService,
  a2aSecuritySettings,
  a2aSettings,
  addSvcA2A,
  registerDiscoveredAgents,
  startA2AServer,
} from '../../src/index.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const fixture = fileURLToPath(new URL('./shout-host.ts', import.meta.url));

let certificates: TestCertificates;
beforeAll(async () => {
  certificates = await createTestCertificates();
});
afterAll(async () => {
  await certificates.remove();
});

const sections = [a2aSettings, a2aSecuritySettings];

/** An A2A host configured only through settings, with one local echo agent. */
async function startHost(a2a: SettingsTree) {
  const services = new ServiceCollection().addInstance(LoggerService, createLogger({ level: 'silent' }));
  addSvcA2A(
    services,
    Configuration.fromObject({ A2A: { EnableServer: true, Host: 'localhost', Port: 0, ...a2a } }, sections),
    {
      acknowledgeExperimental: true,
    },
  );
  const provider = services.build();
  const unregister = provider.get(AgentDirectoryService).register({
    id: 'echo',
    name: 'Echo',
    description: 'Repeats its input',
    tags: [],
    kind: 'local',
    handler: async (request) => `echo: ${request.input}`,
  });
  const server = await startA2AServer(provider);
  return {
    url: `${server.address?.url.startsWith('https') ? 'https' : 'http'}://localhost:${new URL(server.address?.url ?? '').port}`,
    close: async () => {
      unregister();
      await server.stop(1);
      await provider.dispose();
    },
  };
}

const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as A2AClientError;
  }
  throw new Error('expected the call to fail');
};

describe('addSvcA2A with A2A:Security', () => {
  it('refuses mutual TLS without a trust anchor, and without HTTPS', () => {
    const services = () => new ServiceCollection();
    const configured = (a2a: SettingsTree) =>
      Configuration.fromObject({ A2A: { EnableServer: true, ...a2a } }, sections);
    expect(() =>
      addSvcA2A(services(), configured({ Security: { RequireMutualTls: true } }), { acknowledgeExperimental: true }),
    ).toThrow(/no trust anchor is configured/);
    expect(() =>
      addSvcA2A(
        services(),
        configured({ Security: { RequireMutualTls: true, TrustedCertificateAuthorities: [certificates.ca.certPath] } }),
        {
          acknowledgeExperimental: true,
        },
      ),
    ).toThrow(/RequireMutualTls needs HTTPS: set A2A:CertificatePath and A2A:CertificateKeyPath/);
  });

  it('refuses to listen beyond loopback without credentials or mutual TLS', () => {
    expect(() =>
      addSvcA2A(
        new ServiceCollection(),
        Configuration.fromObject({ A2A: { EnableServer: true, Host: '0.0.0.0' } }, sections),
        {
          acknowledgeExperimental: true,
        },
      ),
    ).toThrow(/refuses to listen on '0.0.0.0'/);
  });

  it('serves over HTTPS with mutual TLS: a trusted client works, a rogue one gets 403, the card stays public', async () => {
    const host = await startHost({
      CertificatePath: certificates.server.certPath,
      CertificateKeyPath: certificates.server.keyPath,
      Security: { RequireMutualTls: true, TrustedCertificateAuthorities: [certificates.ca.certPath] },
    });
    try {
      const trusted = new A2AClient(host.url, {
        security: {
          TrustedCertificateAuthorities: [certificates.ca.certPath],
          ClientCertificatePath: certificates.client.pemPath,
        },
      });
      expect(await trusted.send({ skillId: 'echo', input: 'hi' })).toMatchObject({
        status: 'Completed',
        output: 'echo: hi',
      });

      const rogue = new A2AClient(host.url, {
        security: {
          TrustedCertificateAuthorities: [certificates.ca.certPath],
          ClientCertificatePath: certificates.rogueClient.pemPath,
        },
      });
      expect((await errorOf(rogue.send({ skillId: 'echo', input: 'hi' }))).status).toBe(403);

      const anonymous = new A2AClient(host.url, {
        security: { TrustedCertificateAuthorities: [certificates.ca.certPath] },
      });
      expect((await anonymous.getAgentCard()).skills.map((skill) => skill.id)).toContain('echo');
    } finally {
      await host.close();
    }
  });

  it('asks for an allowed scheme: no key → 401, the right key → 200', async () => {
    const host = await startHost({ Security: { AllowedAuthSchemes: ['ApiKey'], ApiKey: { Keys: ['k-123456'] } } });
    try {
      const without = new A2AClient(host.url);
      expect((await errorOf(without.send({ skillId: 'echo', input: 'x' }))).status).toBe(401);
      const withKey = new A2AClient(host.url, { security: { ClientApiKey: 'k-123456' } });
      expect(await withKey.send({ skillId: 'echo', input: 'x' })).toMatchObject({ status: 'Completed' });
    } finally {
      await host.close();
    }
  });
});

describe('discovery and routing between two processes', () => {
  it('host A discovers host B’s card, registers its skills as remote, and its router sends the task there', async () => {
    const hostB = spawn(
      process.execPath,
      [
        '--conditions=@orkeon/source',
        '--import',
        pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
        fixture,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const url = await new Promise<string>((resolve) =>
      hostB.stdout?.on('data', (chunk) => {
        const match = /listening (\S+)/.exec(String(chunk));
        if (match?.[1] !== undefined) resolve(match[1]);
      }),
    );
    const services = new ServiceCollection().addInstance(LoggerService, createLogger({ level: 'silent' }));
    addSvcA2A(services, Configuration.fromObject({ A2A: {} }, sections), { acknowledgeExperimental: true });
    const providerA = services.build();
    try {
      const discovered = await new A2AAgentDiscovery().discoverMany([url, 'http://127.0.0.1:9/unreachable']);
      expect(discovered.failures).toHaveLength(1);
      const directory = providerA.get(AgentDirectoryService);
      expect(registerDiscoveredAgents(directory, discovered.agents)).toEqual({ registered: ['shout'], skipped: [] });
      expect(registerDiscoveredAgents(directory, discovered.agents).skipped).toEqual([{ skill: 'shout', url }]);
      await using scope = providerA.createScope();
      const result = await scope
        .get(A2ATaskRouterService)
        .routeTask(
          { id: 'routed-1', skillId: 'shout', input: 'over the wire', inputMode: 'text/plain' },
          new AbortController().signal,
        );
      expect(result).toMatchObject({ status: 'Completed', output: 'OVER THE WIRE' });
    } finally {
      await providerA.dispose();
      hostB.kill('SIGTERM');
    }
  });
});
