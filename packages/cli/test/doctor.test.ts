import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkNode } from '../src/doctor/node-check.js';
import { checkPackages } from '../src/doctor/packages-check.js';
import { runOrkeon } from './run-cli-helpers.js';

let folder: TemporaryDirectory;
beforeEach(async () => {
  folder = await createTemporaryDirectory();
});
afterEach(async () => {
  await folder.remove();
});

interface DoctorReport {
  ok: boolean;
  checks: { check: string; status: string; detail: string }[];
}

async function doctor(environment: Record<string, string> = {}, extra: string[] = []) {
  const result = await runOrkeon(['doctor', '--json', ...extra], { environment, workingDirectory: folder.path });
  return { ...result, report: JSON.parse(result.stdout) as DoctorReport };
}

describe('orkeon doctor', () => {
  it('passes on a machine with no settings, and says so', async () => {
    const { code, report } = await doctor();
    expect(code).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.checks.find((check) => check.check === 'node')?.status).toBe('ok');
    expect(report.checks.find((check) => check.check === 'settings')?.detail).toMatch(/no appsettings.json found/);
    expect(report.checks.find((check) => check.check === 'llm')).toEqual({
      check: 'llm',
      status: 'info',
      detail: 'no Llm section: agents run on the offline echo model, which only repeats its input',
    });
  });

  it('reports which optional packages are installed', async () => {
    const { report } = await doctor();
    expect(report.checks.find((check) => check.check === '@orkeon/testing')).toMatchObject({ status: 'ok' });
    expect(report.checks.find((check) => check.check === '@orkeon/mcp')).toMatchObject({ status: 'ok' });
  });

  it('says what a package that is not installed would add', async () => {
    // Looked up from a folder with no node_modules above it but the root's: none of them is found there.
    const checks = await checkPackages(folder.path);
    expect(checks.find((check) => check.check === '@orkeon/mcp')).toMatchObject({
      status: 'info',
      detail: 'not installed; install it for MCP client and server',
    });
  });

  it('finds appsettings.json in the working directory and judges it', async () => {
    await writeFile(
      join(folder.path, 'appsettings.json'),
      '{ "Llm": { "Model": "gpt-5", "ApiKey": "sk-test-key-1" } }',
    );
    const { code, report, stdout } = await doctor();
    expect(code).toBe(0);
    expect(report.checks.find((check) => check.check === 'settings')?.detail).toBe(
      `${join(folder.path, 'appsettings.json')} is valid`,
    );
    expect(report.checks.find((check) => check.check === 'llm')?.detail).toMatch(
      /^openai \(Model 'gpt-5' starts with 'gpt'\), model gpt-5 at https:\/\/api\.openai\.com\/v1; API key set \(from .*appsettings.json:1:40\)$/,
    );
    expect(stdout).not.toContain('sk-test-key-1');
  });

  it('fails, exit 1, on a bad setting and names it', async () => {
    const { code, report } = await doctor({ SVC_Llm__TimeoutSeconds: '0' });
    expect(code).toBe(1);
    expect(report.ok).toBe(false);
    expect(report.checks.find((check) => check.status === 'fail')).toMatchObject({
      code: 'CONFIGURATION_INVALID',
      detail: expect.stringMatching(
        /^Setting 'Llm:TimeoutSeconds' = 0 \(from environment variable SVC_Llm__TimeoutSeconds\) is not allowed\. Allowed: a number from 1 to 3600\.$/,
      ),
    });
  });

  it('shows the code of a failed check in the table, for looking it up in docs/errors.md', async () => {
    const result = await runOrkeon(['doctor'], {
      environment: { SVC_Llm__Temperature: 'hot' },
      workingDirectory: folder.path,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^ {2}fail {2}settings +CONFIGURATION_INVALID: Setting 'Llm:Temperature' = "hot"/m);
  });

  it('warns that ApiKeySecretName alone is not a key, and accepts keyless local endpoints', async () => {
    const remote = await doctor({ SVC_Llm__ApiKeySecretName: 'prod-openai', SVC_Llm__Model: 'gpt-5' });
    expect(remote.code).toBe(0);
    expect(remote.report.checks.find((check) => check.check === 'llm')).toMatchObject({
      status: 'warn',
      code: 'LLM_API_KEY_MISSING',
      detail: expect.stringContaining('Llm:ApiKeySecretName is only recorded and never resolved'),
    });
    const local = await doctor({ SVC_Svc__Llm__BaseUrl: 'http://localhost:11434' });
    expect(local.report.checks.find((check) => check.check === 'llm')).toMatchObject({
      status: 'ok',
      detail:
        "ollama (BaseUrl http://localhost:11434 uses Ollama's port 11434), model llama3.2 at http://localhost:11434; keyless endpoint, no API key needed",
    });
  });

  it('prints a readable table without --json', async () => {
    const result = await runOrkeon(['doctor'], { workingDirectory: folder.path });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^orkeon \d+\.\d+\.\d+ doctor\n {2}ok {4}node/);
    expect(result.stdout.trim().split('\n').at(-1)).toBe('All checks passed.');
  });

  it('fails the node check below the supported version', () => {
    expect(checkNode('20.20.2')).toMatchObject({
      status: 'fail',
      code: 'CLI_NODE_UNSUPPORTED',
      detail: expect.stringContaining('>= 22.12.0'),
    });
    expect(checkNode('22.12.0').status).toBe('ok');
    expect(checkNode('26.1.0').status).toBe('ok');
  });
});
