import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createTemporaryDirectory,
  type ScriptedModelServer,
  startScriptedModelServer,
  type TemporaryDirectory,
} from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeApprovingBrowser } from '../approving-browser.js';

// `orkeon mcp login`, `mcp list`, `run` and `mcp logout` against the MCP SDK's own example server
// with OAuth (simpleStreamableHttp --oauth --oauth-strict: an authorization server with dynamic
// registration and PKCE, and an MCP server that accepts only tokens issued for it). The "browser" is
// a script given as BROWSER: the example approves at once, so it follows the redirect to the loopback.

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const bin = join(root, 'packages/cli/src/bin.ts');
const exampleServer = join(
  root,
  'node_modules/@modelcontextprotocol/sdk/dist/esm/examples/server/simpleStreamableHttp.js',
);

function orkeon(args: readonly string[], cwd: string, environment: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@orkeon/source',
      '--import',
      pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
      bin,
      ...args,
    ],
    { cwd, env: { PATH: process.env.PATH ?? '', HOME: cwd, ...environment }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let folder: TemporaryDirectory;
let server: ChildProcess;
let model: ScriptedModelServer;
let mcpUrl: string;
let browser: string;
beforeAll(async () => {
  folder = await createTemporaryDirectory();
  model = await startScriptedModelServer();
  const [mcpPort, authPort] = [await freePort(), await freePort()];
  mcpUrl = `http://localhost:${mcpPort}/mcp`;
  server = spawn(process.execPath, [exampleServer, '--oauth', '--oauth-strict'], {
    env: { PATH: process.env.PATH ?? '', MCP_PORT: String(mcpPort), MCP_AUTH_PORT: String(authPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on('data', (chunk) => {
      output += chunk;
      if (
        output.includes('MCP Streamable HTTP Server listening') &&
        output.includes('OAuth Authorization Server listening')
      )
        resolve();
    });
    server.on('exit', (code) => reject(new Error(`the example server exited with ${code}: ${output}`)));
  });
  browser = await writeApprovingBrowser(folder.path);
}, 30_000);
afterAll(async () => {
  server?.kill();
  await model?.close();
  await folder?.remove();
});

/** Each test keeps its tokens in a file of its own. */
async function writeSettings(file: string, store: Record<string, unknown> = {}): Promise<string> {
  const tokenStore = join(folder.path, 'state', file);
  await writeFile(
    join(folder.path, 'appsettings.json'),
    JSON.stringify({
      MCP: {
        Servers: { demo: { Transport: 'Http', Url: mcpUrl, Auth: {}, TimeoutSeconds: 20 } },
        Auth: { TokenStore: tokenStore, ...store },
      },
    }),
  );
  return tokenStore;
}

describe('orkeon and an MCP server protected by OAuth (the SDK’s example authorization server)', () => {
  it('a run without a sign-in names the login command; login signs in through the browser; runs then use the token', async () => {
    const tokenStore = await writeSettings('plain.json');

    const before = await orkeon(['mcp', 'list', 'demo'], folder.path);
    expect(before.code).toBe(2);
    expect(before.stdout).toContain('not connected');
    expect(before.stdout).toContain('orkeon mcp login demo');
    const doctorBefore = JSON.parse((await orkeon(['doctor', '--json'], folder.path)).stdout) as {
      checks: { check: string; status: string; code?: string }[];
    };
    expect(doctorBefore.checks.find((check) => check.check === 'mcp demo')).toMatchObject({
      status: 'fail',
      code: 'MCP_AUTH_LOGIN_REQUIRED',
    });

    const login = await orkeon(['mcp', 'login', 'demo'], folder.path, { BROWSER: browser });
    expect(login.stderr).toMatch(
      /Opened your browser to sign in to 'demo'\. If it did not open, visit:\n {2}http:\/\/localhost:\d+\/authorize\?/,
    );
    expect(login.stderr).toContain('code_challenge_method=S256');
    expect(login.stderr).toContain(`resource=${encodeURIComponent(mcpUrl)}`);
    expect(login.code).toBe(0);
    expect(login.stdout).toMatch(
      /^Signed in to 'demo' \(scope mcp:tools, expires \S+, not refreshable .*\); tokens stored in /,
    );
    // Owner-only, and the token never reaches the terminal.
    expect((await stat(tokenStore)).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(tokenStore, 'utf8'));
    const accessToken = stored.servers.demo.tokens.access_token as string;
    expect(stored.servers.demo.serverUrl).toBe(mcpUrl);
    expect(`${login.stdout}${login.stderr}`).not.toContain(accessToken);

    const after = await orkeon(['mcp', 'list', 'demo'], folder.path);
    expect(after.stderr).toBe('');
    expect(after.code).toBe(0);
    expect(after.stdout).toContain('greet  ');
    const doctorAfter = JSON.parse((await orkeon(['doctor', '--json'], folder.path)).stdout) as {
      checks: { check: string; status: string }[];
    };
    expect(doctorAfter.checks.find((check) => check.check === 'mcp demo')?.status).toBe('ok');

    await writeFile(
      join(folder.path, 'crew.yaml'),
      `name: oauth-crew
goal: Greet through a protected server
agents:
  greeter: { role: Greeter, goal: Greet, tools: [mcp:demo] }
tasks:
  hello: { description: Greet Ada, expected_output: the greeting, agent: greeter }
`,
    );
    model.enqueue({ toolCalls: [{ name: 'greet', arguments: { name: 'Ada' } }] }, { text: 'Greeted Ada' });
    const run = await orkeon(['run', 'crew.yaml'], folder.path, {
      SVC_Llm__BaseUrl: model.openAiBaseUrl,
      SVC_Llm__Model: 'scripted',
      SVC_Llm__MaxRetries: '0',
    });
    expect(run.stderr).not.toContain('MCP_');
    expect(run.code).toBe(0);
    const toolAnswer = JSON.stringify(model.requests.at(-1)?.body?.messages);
    expect(toolAnswer).toContain('Hello, Ada!');

    const logout = await orkeon(['mcp', 'logout', 'demo'], folder.path);
    expect(logout.stdout).toContain("Forgot the tokens of 'demo'");
    const gone = await orkeon(['mcp', 'list', 'demo'], folder.path);
    expect(gone.code).toBe(2);
    expect(gone.stdout).toContain('orkeon mcp login demo');
  }, 120_000);

  it('with a key the store is encrypted; a run without the key is refused with the fix, never a token', async () => {
    const tokenStore = await writeSettings('sealed.json', { EncryptionKeySecretName: 'McpTokenKey' });
    const key = { ORKEON_SECRET_MCPTOKENKEY: Buffer.alloc(32, 7).toString('base64') };
    const login = await orkeon(['mcp', 'login', 'demo', '--scope', 'mcp:tools'], folder.path, {
      BROWSER: browser,
      ...key,
    });
    expect(login.stderr).not.toMatch(/error|invalid/i);
    expect(login.code).toBe(0);
    const text = await readFile(tokenStore, 'utf8');
    expect(JSON.parse(text).encrypted.algorithm).toBe('aes-256-gcm');
    expect(text).not.toContain('access_token');

    expect((await orkeon(['mcp', 'list', 'demo'], folder.path, key)).code).toBe(0);
    const withoutKey = await orkeon(['mcp', 'list', 'demo'], folder.path);
    expect(withoutKey.code).toBe(2);
    expect(withoutKey.stdout).toContain('McpTokenKey');
    expect(withoutKey.stdout).toContain('openssl rand -base64 32');
  }, 120_000);

  it('login refuses an entry without Auth, and a browser that never comes back times out with the way to retry', async () => {
    await writeFile(
      join(folder.path, 'appsettings.json'),
      JSON.stringify({ MCP: { Servers: { plain: { Transport: 'Http', Url: mcpUrl } } } }),
    );
    const plain = await orkeon(['mcp', 'login', 'plain'], folder.path);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toContain('MCP:Servers:plain:Auth');

    await writeSettings('late.json');
    const late = await orkeon(['mcp', 'login', 'demo', '--no-browser', '--timeout', '1'], folder.path);
    expect(late.stderr).toMatch(/Sign in to 'demo' by visiting:\n {2}http:\/\/localhost:\d+\/authorize\?/);
    expect(late.code).toBe(2);
    expect(late.stderr).toContain('MCP_AUTH_FAILED');
    expect(late.stderr).toContain('orkeon mcp login');
  }, 60_000);

  it('the library example of docs/mcp.md signs in through its session and lists the tools', async () => {
    const page = await readFile(join(root, 'docs/mcp.md'), 'utf8');
    const example = [...page.matchAll(/```ts\n([\s\S]*?)```/g)]
      .map((match) => match[1] ?? '')
      .find((code) => code.includes('openMcpSignInSession'));
    expect(example).toBeDefined();
    // Beside the package, so that its imports resolve as in a user's project.
    const file = join(root, 'packages/mcp', `.docs-example-${process.pid}.mts`);
    await writeFile(file, example ?? '');
    try {
      const child = spawn(
        process.execPath,
        [
          '--conditions=@orkeon/source',
          '--import',
          pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
          file,
        ],
        {
          cwd: folder.path,
          env: {
            PATH: process.env.PATH ?? '',
            BROWSER: browser,
            TRACKER_URL: mcpUrl,
            TOKEN_STORE: join(folder.path, 'state', 'example.json'),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const code = await new Promise((resolve) => child.on('close', resolve));
      expect(stderr).toContain("Opened your browser to sign in to 'tracker'");
      expect(code).toBe(0);
      expect(stdout.trim().split(' ')).toContain('greet');
    } finally {
      await rm(file, { force: true });
    }
  }, 60_000);
});
