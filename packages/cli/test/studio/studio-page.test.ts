// One file over 300 lines: every browser test of Studio shares one Chromium, one folder of crews and the
// `orkeon studio` process helpers; each test is one thing a person does on the page.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orkeonCommand } from '../orkeon-process.js';
import { useScriptedRun } from '../scripted-run.js';
import { launchChromium, screenshotFolder, seriousAccessibilityViolations } from './studio-browser.js';

const scripted = useScriptedRun({
  files: {
    'crews/watch/crew.yaml': `name: watch
goal: "Write about {topic}"
agents:
  r: { role: Researcher, goal: Find facts }
  w: { role: Writer, goal: Write }
tasks:
  research:
    description: "List facts about {topic}"
    expected_output: Facts
    agent: r
  write:
    description: "Write a note about {topic}"
    expected_output: A note
    agent: w
    dependencies: [research]
`,
    'crews/look/crew.yaml': `name: look
goal: Look around
agents:
  l: { role: Looker, goal: Look, tools: [directory_read] }
tasks:
  look: { description: List the folder, expected_output: Names, agent: l }
`,
    'crews/ask/crew.yaml': `name: ask
goal: Ask a person
agents:
  a: { role: Asker, goal: Ask, tools: [human_input] }
tasks:
  ask: { description: Ask for the city, expected_output: A city, agent: a }
`,
  },
});

let browser: Browser;
let studio: ChildProcess | undefined;
let shots: string;

beforeAll(async () => {
  browser = await launchChromium();
  shots = await screenshotFolder();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  studio?.kill('SIGTERM');
  await new Promise((resolve) => (studio?.exitCode === null ? studio.on('close', resolve) : resolve(undefined)));
  studio = undefined;
});

/** Starts `orkeon studio crews --port 0` and resolves with the address it prints. */
async function startStudio(environment: Record<string, string> = {}, args: string[] = []): Promise<string> {
  studio = scripted.start(['studio', 'crews', '--port', '0', ...args], { environment });
  const child = studio;
  return new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stderr?.on('data', (chunk) => {
      seen += chunk;
      const match = /Studio at (\S+) \(crews: /.exec(seen);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.on('close', () => reject(new Error(`orkeon studio ended early:\n${seen}`)));
  });
}

async function openPage(url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(url);
  await page.getByRole('heading', { name: 'Start a run' }).waitFor();
  return page;
}

async function startRun(page: Page, crew: string, variables: Record<string, string> = {}): Promise<void> {
  await page.getByLabel('Crew').selectOption(crew);
  for (const [name, value] of Object.entries(variables)) await page.getByLabel(name).fill(value);
  await page.getByRole('button', { name: 'Start' }).click();
}

describe('orkeon studio in Chromium', () => {
  it('lists the crews of a folder, starts a run from the form, shows it live, then its spans, history, metrics and settings', async () => {
    // A run of orkeon run, recorded before Studio starts, is among the past runs in History.
    scripted.server.enqueue({ text: 'Nothing to see.' });
    expect((await scripted.run(['run', 'crews/look', '--state', 'runs.db'])).code).toBe(0);
    scripted.server.enqueue(
      { text: '- Bees dance.\n- Bees see ultraviolet.', delayMilliseconds: 1500 },
      { text: '# Bees\nThey dance and see ultraviolet light.', delayMilliseconds: 1500 },
    );
    // With the monitoring backend on, the run's spans and the metrics are shown too.
    const page = await openPage(
      await startStudio(
        {
          SVC_Svc__Monitoring__Enabled: 'true',
          SVC_Telemetry__CaptureContent: 'true',
          SVC_Llm__ApiKey: 'sk-studio-test-secret',
        },
        ['--state', 'runs.db'],
      ),
    );
    expect(await page.getByLabel('Crew').locator('option').allTextContents()).toEqual(['ask', 'look', 'watch']);
    await startRun(page, 'watch', { topic: 'bees' });

    // While the first answer is held back, the first task runs and the second waits.
    const research = page.locator('[data-task="research"]');
    const write = page.locator('[data-task="write"]');
    await expect.poll(() => research.locator('.task-state').textContent(), { timeout: 20_000 }).toBe('running');
    expect(await write.locator('.task-state').textContent()).toBe('waiting');
    await page.screenshot({ path: join(shots, 'studio-run-live.png') });
    await expect.poll(() => write.locator('.task-state').textContent(), { timeout: 20_000 }).toBe('running');
    expect(await research.locator('.task-state').textContent()).toBe('completed');

    const status = page.locator('.run-detail .status');
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('completed');
    expect(Number(await page.getByTestId('tokens').textContent())).toBeGreaterThan(0);
    expect(await page.locator('pre.output').textContent()).toContain('They dance and see ultraviolet light.');
    // The model saw the variable's value.
    expect(JSON.stringify(scripted.server.requests[1]?.body)).toContain('List facts about bees');

    // An event opens to show all of it.
    const finished = page.locator('.events li', { hasText: 'run.finished' });
    await finished.getByRole('button').click();
    expect(await finished.getByRole('button').getAttribute('aria-expanded')).toBe('true');
    expect(JSON.parse((await finished.locator('pre').textContent()) ?? '{}')).toMatchObject({
      kind: 'run.finished',
      success: true,
    });

    // The span tree: the crew run at the root, its agents' turns under it; a span opens to its attributes.
    const spans = page.getByRole('list', { name: 'Spans' });
    const crewRun = spans.getByRole('button', { name: /^crew\.run/ });
    await crewRun.waitFor({ timeout: 20_000 });
    expect(await spans.locator(':scope > li > ul > li > button .span-name').allTextContents()).toEqual([
      'invoke_agent Researcher',
      'invoke_agent Writer',
    ]);
    await crewRun.click();
    expect(await spans.locator('.attributes').first().textContent()).toContain('orkeon.crew.namewatch');
    // With Telemetry:CaptureContent, a model call's span holds what was sent and answered.
    await spans
      .getByRole('button', { name: /^chat scripted/ })
      .first()
      .click();
    const said = (await spans.locator('.attributes').nth(1).textContent()) ?? '';
    expect(said).toContain('gen_ai.input.messages');
    expect(said).toContain('List facts about bees');
    expect(said).toContain('Bees dance.');
    await page.screenshot({ path: join(shots, 'studio-run-done.png'), fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // History: this run and the earlier one of orkeon run, newest first, with status, tokens and cost.
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('region', { name: 'History' });
    const rows = history.locator(':scope > table > tbody > tr');
    await rows.nth(1).waitFor();
    expect(await rows.locator('td:first-child').allTextContents()).toEqual(['watch', 'look']);
    for (const row of await rows.all()) {
      expect(await row.locator('td').nth(1).textContent()).toBe('completed');
      expect(Number(await row.locator('td').nth(4).textContent())).toBeGreaterThan(0);
      expect(await row.locator('td').nth(5).textContent()).toMatch(/^(\$|–)/);
    }
    // A recorded run opens to its task timeline, its tasks and, while this process holds them, its spans.
    await history.getByRole('button', { name: 'watch' }).click();
    const recorded = page.getByRole('region', { name: 'Recorded run' });
    await recorded.waitFor();
    expect(await recorded.locator('tbody td:first-child').allTextContents()).toEqual(['research', 'write']);
    expect(await recorded.locator('.tasks .task .task-state').allTextContents()).toEqual(['completed', 'completed']);
    await recorded
      .getByRole('list', { name: 'Spans' })
      .getByRole('button', { name: /^crew\.run/ })
      .waitFor();
    await page.screenshot({ path: join(shots, 'studio-history.png'), fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await history.getByRole('button', { name: 'look' }).click();
    await recorded.getByText('the monitoring backend keeps the recent traces of this process only').waitFor();

    // The metrics of the monitoring backend.
    await page.getByRole('button', { name: 'Metrics' }).click();
    const metrics = page.getByRole('region', { name: 'Metrics' });
    await metrics.locator('dl').waitFor();
    expect(await metrics.locator('dt:has-text("Model calls") + dd').textContent()).toBe('2');
    expect(await metrics.locator('dt:has-text("Crew runs") + dd').textContent()).toBe('1');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The settings, secrets redacted.
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('region', { name: 'Settings' });
    await settings.getByText('Svc:Monitoring:Enabled').waitFor();
    const text = (await settings.textContent()) ?? '';
    expect(text).toContain('Llm:ApiKey[REDACTED]environment variable SVC_Llm__ApiKey');
    expect(text).not.toContain('sk-studio-test-secret');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 60_000);

  it('shows an agent’s question and sends the answer typed in the page to the agent', async () => {
    scripted.server.enqueue(
      { toolCalls: [{ name: 'human_input', arguments: { question: 'Which city?' } }] },
      { text: 'Lisbon, as asked' },
    );
    const page = await openPage(await startStudio());
    await startRun(page, 'ask');
    const asks = page.getByRole('region', { name: 'Questions' });
    await asks.getByText('Which city?').waitFor({ timeout: 20_000 });
    await page.screenshot({ path: join(shots, 'studio-question.png') });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await asks.getByLabel('Answer').fill('Lisbon');
    await asks.getByRole('button', { name: 'Send' }).click();

    await expect.poll(() => page.locator('.run-detail .status').textContent(), { timeout: 20_000 }).toBe('completed');
    // The answered question leaves the page (a periodic read still in flight must not bring it back).
    await expect.poll(() => asks.count(), { timeout: 5000 }).toBe(0);
    const messages = (scripted.server.requests[1]?.body?.messages ?? []) as { role: string; content: unknown }[];
    expect(messages.find((message) => message.role === 'tool')?.content).toBe('Lisbon');
  }, 60_000);

  it('asks the permission gate’s question in the page; Allow lets the tool run', async () => {
    scripted.server.enqueue(
      { toolCalls: [{ name: 'directory_read', arguments: { path: '/crews' } }] },
      { text: 'I looked.' },
    );
    const page = await openPage(
      await startStudio(
        {
          SVC_Svc__Security__PermissionGate__Enabled: 'true',
          SVC_Svc__Security__PermissionGate__Mode: 'default',
          SVC_Svc__Monitoring__Enabled: 'true',
        },
        ['--mount', `${join(scripted.folder.path, 'crews')}:/crews:ro`],
      ),
    );
    await startRun(page, 'look');
    const asks = page.getByRole('region', { name: 'Questions' });
    await asks.getByText('Permission for directory_read').waitFor({ timeout: 20_000 });
    await asks.getByRole('button', { name: 'Allow' }).click();
    await expect.poll(() => page.locator('.run-detail .status').textContent(), { timeout: 20_000 }).toBe('completed');
    const messages = (scripted.server.requests[1]?.body?.messages ?? []) as { role: string; content: unknown }[];
    const result = String(messages.find((message) => message.role === 'tool')?.content);
    expect(result).not.toMatch(/DENIED/);
    expect(result).toContain('watch');
    // The decision is on the tool call's span.
    const call = page
      .getByRole('list', { name: 'Spans' })
      .getByRole('button', { name: /^execute_tool directory_read/ });
    await expect.poll(() => call.textContent(), { timeout: 10_000 }).toContain('permission: approved');
  }, 60_000);

  it('lists the tools and the configured MCP servers with theirs', async () => {
    // A real MCP server: orkeon mcp serve of the ask crew, over stdio.
    const [command, ...args] = orkeonCommand(['mcp', 'serve', join(scripted.folder.path, 'crews/ask')]);
    await scripted.write(
      'crews/appsettings.json',
      JSON.stringify({
        MCP: {
          Servers: {
            peer: { Transport: 'Stdio', Command: command, Args: args },
            broken: { Transport: 'Stdio', Command: 'orkeon-no-such-mcp-server' },
          },
        },
      }),
    );
    const page = await openPage(await startStudio());
    await page.getByRole('button', { name: 'Tools' }).click();
    const tools = page.getByRole('region', { name: 'Tools' });
    const peer = tools.locator('tr', { has: page.locator('code', { hasText: /^peer$/ }) });
    await peer.waitFor();
    expect(await peer.locator('td').nth(1).textContent()).toBe('connected');
    const served = ((await peer.locator('td').nth(2).textContent()) ?? '').split(', ');
    expect(served.length).toBeGreaterThan(0);
    const broken = tools.locator('tr', { has: page.locator('code', { hasText: /^broken$/ }) });
    expect(await broken.locator('td').nth(1).textContent()).toBe('not connected');
    expect(await broken.locator('td').nth(2).textContent()).toMatch(/orkeon-no-such-mcp-server/);
    // Every tool is listed, the MCP server's among them.
    const names = await tools.locator('tbody td:first-child code').allTextContents();
    expect(names).toContain('human_input');
    for (const name of served) expect(names).toContain(name);
    await page.screenshot({ path: join(shots, 'studio-tools.png') });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 60_000);

  it('chats with one agent on a thread: the second message sees the first, and the thread shows both turns', async () => {
    scripted.server.enqueue({ text: 'Hello, Ada.' }, { text: 'Your name is Ada.' });
    const page = await openPage(await startStudio());
    await page.getByRole('button', { name: 'Chat' }).click();
    const chat = page.getByRole('region', { name: 'Chat' });
    await chat.getByLabel('Agent').selectOption('watch/w');
    await chat.getByLabel('Thread').fill('trip-1');
    await chat.getByLabel('Thread').press('Tab');
    const messages = chat.getByRole('list', { name: 'Messages' }).locator('li p');
    for (const [text, answers] of [
      ['My name is Ada.', 2],
      ['What is my name?', 4],
    ] as const) {
      await chat.getByLabel('Message', { exact: true }).fill(text);
      await chat.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => messages.count(), { timeout: 20_000 }).toBe(answers);
    }
    expect(await messages.allTextContents()).toEqual([
      'My name is Ada.',
      'Hello, Ada.',
      'What is my name?',
      'Your name is Ada.',
    ]);
    // The second call carried the first turn: the thread, not the page, remembers.
    const second = JSON.stringify(scripted.server.requests[1]?.body);
    expect(second).toContain('My name is Ada.');
    expect(second).toContain('Hello, Ada.');
    await page.screenshot({ path: join(shots, 'studio-chat.png') });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 60_000);

  it('orkeon serve --studio: the page below /studio on the A2A server starts the served crew; A2A answers beside it', async () => {
    scripted.server.enqueue({ text: '- Owls fly at night.' }, { text: '# Owls\nThey fly at night.' });
    studio = scripted.start([
      'serve',
      'crews/watch',
      '-V',
      'topic=owls',
      '--studio',
      '--set',
      'A2A:Host=127.0.0.1',
      '--set',
      'A2A:Port=0',
    ]);
    const child = studio;
    const url = await new Promise<string>((resolve, reject) => {
      let seen = '';
      child.stderr?.on('data', (chunk) => {
        seen += chunk;
        const match = /Studio at (\S+)/.exec(seen);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      child.on('close', () => reject(new Error(`orkeon serve ended early:\n${seen}`)));
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/studio\/$/);
    const base = url.replace(/\/studio\/$/, '');
    // The address without its slash leads to the page; the A2A card is served beside it.
    const bare = await fetch(`${base}/studio`, { redirect: 'manual' });
    expect(bare.headers.get('location')).toBe('/studio/');
    const card = (await (await fetch(`${base}/.well-known/agent.json`)).json()) as {
      name: string;
      skills: { id: string }[];
    };
    expect(card.name).toBe('watch');

    const page = await openPage(url);
    expect(await page.getByLabel('Crew').locator('option').allTextContents()).toEqual(['watch']);
    await page.getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => page.locator('.run-detail .status').textContent(), { timeout: 20_000 }).toBe('completed');
    expect(await page.locator('pre.output').textContent()).toContain('They fly at night.');
    expect(JSON.stringify(scripted.server.requests[0]?.body)).toContain('List facts about owls');

    // A task an A2A client sends over HTTP+JSON is listed in the A2A view.
    scripted.server.enqueue({ text: 'A short answer.' });
    const sent = await fetch(`${base}/a2a/v1/message:send`, {
      method: 'POST',
      headers: { 'A2A-Version': '1.0', 'content-type': 'application/a2a+json' },
      body: JSON.stringify({ message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'Owls?' }] } }),
    });
    const { task } = (await sent.json()) as { task: { id: string } };
    await page.getByRole('button', { name: 'A2A' }).click();
    const row = page.getByRole('region', { name: 'A2A tasks' }).locator('tr', { hasText: task.id });
    await row.waitFor();
    expect(await row.locator('td').nth(1).textContent()).toBe('A2A v1.0');
    expect(await row.locator('td').nth(3).textContent()).toBe('completed');
    // And one sent in the seed dialect (recorded by the task persistence orkeon serve turns on).
    scripted.server.enqueue({ text: 'Another answer.' });
    const seed = await fetch(`${base}/a2a/tasks/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'seed-task-1', skillId: card.skills[0]?.id, input: 'Owls again?' }),
    });
    expect(seed.status).toBe(200);
    const seedRow = page.getByRole('region', { name: 'A2A tasks' }).locator('tr', { hasText: 'seed-task-1' });
    await seedRow.waitFor({ timeout: 10_000 });
    expect(await seedRow.locator('td').allTextContents()).toEqual([
      'seed-task-1',
      'seed',
      card.skills[0]?.id,
      'completed',
      '–',
      expect.any(String),
    ]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 60_000);

  it('orkeon studio beyond loopback without a token refuses to start, naming the fix', async () => {
    const result = await scripted.run(['studio', 'crews', '--host', '0.0.0.0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('STUDIO_UNSAFE_BINDING');
    expect(result.stderr).toContain('SVC_Svc__Studio__Token');
  });

  it('cancels a running run from the page', async () => {
    scripted.server.enqueue({ text: 'too late', delayMilliseconds: 20_000 });
    const page = await openPage(await startStudio());
    await startRun(page, 'watch', { topic: 'owls' });
    await expect
      .poll(() => page.locator('[data-task="research"] .task-state').textContent(), { timeout: 20_000 })
      .toBe('running');
    const started = Date.now();
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await expect.poll(() => page.locator('.run-detail .status').textContent(), { timeout: 20_000 }).toBe('cancelled');
    // The held-back answer was never waited for.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
    await expect
      .poll(() => page.getByRole('region', { name: 'Runs' }).locator('.status').first().textContent(), {
        timeout: 5000,
      })
      .toBe('cancelled');
  }, 60_000);
});
