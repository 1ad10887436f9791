import { toolResultText } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { useScriptedRun } from './scripted-run.js';

// `orkeon run` has the event hub in its process: an agent publishes a retained value and reads it
// back with the hub tools; the crew's links: are held by the ACL stage.

const scripted = useScriptedRun({
  crew: `name: billing
links:
  - { to: shipping, direction: outbound, allowed_topics: [orders] }
agents:
  clerk: { role: Clerk, goal: Keep the last order, tools: [publish_event, get_last_value] }
tasks:
  keep: { description: "Keep the last order", expected_output: Done, agent: clerk }
`,
});

const toolResults = () =>
  scripted.server.requests
    .flatMap((request) => (request.body?.messages ?? []) as { role: string; content: unknown }[])
    .filter((message) => message.role === 'tool')
    .map((message) => toolResultText(String(message.content)))
    .filter((text, index, all) => all.indexOf(text) === index);

describe('orkeon run: the event hub', () => {
  it('publishes a retained value, reads it back, and refuses a topic the crew’s link does not allow', async () => {
    scripted.server.enqueue(
      {
        toolCalls: [
          {
            name: 'publish_event',
            arguments: {
              topic: 'orders',
              payload: { id: 7 },
              retain_as_last_value: true,
              last_value_key: 'last-order',
            },
          },
        ],
      },
      { toolCalls: [{ name: 'get_last_value', arguments: { key: 'last-order' } }] },
      {
        toolCalls: [
          { name: 'publish_event', arguments: { topic: 'refunds', payload: { id: 7 }, target_crew_id: 'shipping' } },
        ],
      },
      { text: 'Done.' },
    );
    const result = await scripted.run(['run', 'crew.yaml']);
    expect(result.code, result.stderr).toBe(0);
    const [published, read, refused] = toolResults();
    expect(published).toMatch(/"event_id":/);
    expect(JSON.parse(read ?? '{}')).toMatchObject({ value: { id: 7 } });
    expect(refused).toContain("The event hub refused a publish from crew 'billing' to 'shipping' on topic 'refunds'");
  }, 60_000);
});
