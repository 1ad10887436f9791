import type { ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createTemporaryDirectory,
  createTestCertificates,
  type ScriptedModelServer,
  startScriptedModelServer,
  type TemporaryDirectory,
  type TestCertificates,
} from '@orkeon/testing';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servingUrl, startOrkeon } from './orkeon-process.js';

let model: ScriptedModelServer;
let folder: TemporaryDirectory;
let certificates: TestCertificates;
const running: ChildProcess[] = [];

beforeAll(async () => {
  model = await startScriptedModelServer();
  folder = await createTemporaryDirectory();
  certificates = await createTestCertificates();
});
afterAll(async () => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
  await model.close();
  await folder.remove();
  await certificates.remove();
});

async function crewFolder(name: string, agent: string): Promise<string> {
  const path = join(folder.path, name);
  await mkdir(path);
  await writeFile(
    join(path, 'crew.yaml'),
    `name: ${name}\ngoal: Help with ${name}\nagents:\n  ${agent}: { role: ${agent}, goal: Answer }\ntasks:\n  t: { description: Answer., expected_output: Text, agent: ${agent} }\n`,
  );
  return path;
}

/** Starts `orkeon serve` on a free loopback port and waits for its readiness line; resolves with its URL. */
async function serve(crew: string, settings: Record<string, string>, environment: Record<string, string> = {}) {
  const sets = Object.entries({ 'A2A:Host': '127.0.0.1', 'A2A:Port': '0', ...settings }).flatMap(([key, value]) => [
    '--set',
    `${key}=${value}`,
  ]);
  const child = startOrkeon(['serve', crew, '--no-persistence', ...sets], {
    cwd: folder.path,
    environment: { SVC_Llm__BaseUrl: model.openAiBaseUrl, SVC_Llm__Model: 'scripted', ...environment },
  });
  running.push(child);
  return servingUrl(child);
}

describe('orkeon serve to orkeon serve over mutual TLS', () => {
  it('A reads B’s card and sends B the task with A2A:Security (private CA, client certificate from an intermediate)', async () => {
    const b = await serve(await crewFolder('vault-crew', 'keeper'), {
      'A2A:CertificatePath': certificates.server.certPath,
      'A2A:CertificateKeyPath': certificates.server.keyPath,
      'A2A:Security:RequireMutualTls': 'true',
      'A2A:Security:TrustedCertificateAuthorities:0': certificates.ca.certPath,
    });
    expect(b).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);

    // B really demands a client certificate: trusting its CA alone is not enough.
    const anonymous = new Agent({ connect: { ca: certificates.ca.certPem } });
    const refused = await request(`${b}/a2a/tasks/send`, {
      method: 'POST',
      body: JSON.stringify({ skillId: 'keeper', input: 'x' }),
      dispatcher: anonymous,
    });
    expect(refused.statusCode).toBe(403);
    await refused.body.dump();
    await anonymous.close();

    const a = await serve(
      await crewFolder('desk-crew', 'clerk'),
      {
        'A2A:Peers:0': b,
        'A2A:Security:TrustedCertificateAuthorities:0': certificates.ca.certPath,
        'A2A:Security:ClientCertificatePath': certificates.intermediateClient.pfxPath,
      },
      { SVC_A2A__Security__ClientCertificatePassword: certificates.password },
    );
    const card = (await (await fetch(`${a}/.well-known/agent.json`)).json()) as { skills: { id: string }[] };
    expect(card.skills.map((skill) => skill.id).sort()).toEqual(['clerk', 'keeper']);

    model.enqueue({ text: 'kept safe by B' });
    const routed = await fetch(`${a}/a2a/tasks/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ skillId: 'keeper', input: 'keep this' }),
    });
    expect(await routed.json()).toMatchObject({ status: 'Completed', output: 'kept safe by B' });
    expect(JSON.stringify(model.requests.at(-1)?.body)).toContain('You are keeper.');
  });
});
