import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { finished, startOrkeonOnTerminal } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';
import { screen } from './terminal-screen.js';

// The lead hands the work to the helper: the delegation tool is under way while the helper's model answers.
const crew = `name: pair
process: sequential
agents:
  lead: { role: Lead, goal: Plans the work, allow_delegation: true }
  helper: { role: Helper, goal: Does the work }
tasks:
  plan: { description: Plan the release., expected_output: A plan, agent: lead }
`;

const scripted = useScriptedRun({ crew });

/** The terminal's bytes without what the list does not draw: carriage returns, colours, cursor shows and hides. */
function plain(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's escape sequences are what is removed.
  return text.replace(/\r/g, '').replace(/\u001b\[(?:[0-9;]*m|\?[0-9;]*[hl])/g, '');
}

describe('orkeon run on a terminal: progress', () => {
  it('shows the tokens and estimated cost so far, and the tool call under way until it returns', async () => {
    let output = '';
    let toolLineShown = () => {};
    const toolLineDrawn = new Promise<void>((resolve) => (toolLineShown = resolve));
    scripted.server.enqueue(
      {
        toolCalls: [{ name: 'delegate_work_to_coworker', arguments: { coworker: 'Helper', task: 'Draft the plan.' } }],
        usage: { inputTokens: 100, outputTokens: 20 },
      },
      // The helper's answer waits until the terminal shows the delegation under way (at most 20 s: then the test fails).
      async () => {
        await Promise.race([toolLineDrawn, sleep(20_000, undefined, { ref: false })]);
        return { text: 'Draft: ship on Friday.', usage: { inputTokens: 30, outputTokens: 10 } };
      },
      { text: 'Plan: ship on Friday.', usage: { inputTokens: 40, outputTokens: 0 } },
    );
    const child = startOrkeonOnTerminal(['run', 'crew.yaml'], {
      cwd: scripted.folder.path,
      environment: {
        ...scripted.environment,
        // $0.001 an input token and $0.005 an output token: the first call costs $0.20, the run $0.32.
        SVC_Telemetry__Prices__scripted__InputPerMillionTokens: '1000',
        SVC_Telemetry__Prices__scripted__OutputPerMillionTokens: '5000',
      },
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (plain(output).includes('↳ delegate_work_to_coworker')) toolLineShown();
    });
    const result = await finished(child);
    const text = plain(result.stdout);

    expect(result.code, text).toBe(0);
    expect(scripted.server.requests).toHaveLength(3);
    // While the helper worked: the lead's call counted, and the delegation under the task's line.
    expect(text.replaceAll('\u001b[2K', '')).toMatch(
      /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] plan \(lead\) \d+\.\d s\n {2}↳ delegate_work_to_coworker \d+\.\d s\n120 tokens · estimated cost \$0\.2000\n/,
    );
    // What stays on the screen: the settled task, no tool call, the run's totals; then the crew's output.
    const rows = screen(text).filter((row) => row.trim() !== '');
    const list = rows.indexOf('200 tokens · estimated cost $0.3200');
    expect(rows[list - 1], rows.join('\n')).toMatch(/^✓ plan \(lead\) \d+\.\d s$/);
    expect(rows.slice(list + 1)).toEqual(['=== Crew Output ===', 'Plan: ship on Friday.']);
    expect(rows.join('\n')).not.toContain('↳');
  }, 60_000);
});
