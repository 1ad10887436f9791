import { join } from 'node:path';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import {
  CrewLinkRegistry,
  CrewValidationError,
  crewBuilder,
  crewJsonSchema,
  defineCrew,
  loadCrew,
} from '../../src/index.js';
import { writeFiles, yaml } from '../crew/crew-files.js';

const agents = [{ id: 'clerk', role: 'Clerk', goal: 'File' }];
const tasks = [{ id: 'file', description: 'File it.', expectedOutput: 'Filed', agent: 'clerk' }];

describe('crew links:', () => {
  it('are read from YAML with allowed_topics, defaults filled in', async () => {
    await using folder = await createTemporaryDirectory('orkeon-links-');
    const file = join(folder.path, 'crew.yaml');
    await writeFiles(folder.path, {
      'crew.yaml': yaml(
        'name: billing',
        'links:',
        '  - to: shipping',
        '    direction: bidirectional',
        '    allowed_topics: [orders.paid]',
        '  - to: client:dashboard',
        'agents:',
        '  clerk:',
        '    role: Clerk',
        '    goal: File',
        'tasks:',
        '  file:',
        '    description: File it.',
        '    expectedOutput: Filed',
      ),
    });
    const crew = await loadCrew(file);
    expect(crew.links).toEqual([
      { to: 'shipping', direction: 'bidirectional', allowedTopics: ['orders.paid'] },
      { to: 'client:dashboard', direction: 'outbound', allowedTopics: [] },
    ]);
  });

  it('drop an entry without to and read an unreadable direction as outbound', () => {
    const crew = defineCrew({
      name: 'billing',
      agents,
      tasks,
      links: [
        { direction: 'inbound' },
        { to: 'shipping', direction: 'sideways' },
        { to: 'audit', direction: 'Inbound' },
      ],
    });
    expect(crew.links).toEqual([
      { to: 'shipping', direction: 'outbound', allowedTopics: [] },
      { to: 'audit', direction: 'inbound', allowedTopics: [] },
    ]);
  });

  it('are absent when none is declared, and a definition validates again unchanged', () => {
    expect(defineCrew({ name: 'solo', agents, tasks }).links).toBeUndefined();
    const linked = defineCrew({ name: 'billing', agents, tasks, links: [{ to: 'shipping' }] });
    expect(defineCrew(linked)).toEqual(linked);
  });

  it('are set by the crew builder as defineCrew sets them', () => {
    const links = [{ to: 'shipping', direction: 'bidirectional', allowedTopics: ['orders.paid'] }];
    const built = crewBuilder().name('billing').withAgents(agents).withTasks(tasks).links(links).build();
    expect(built).toEqual(defineCrew({ name: 'billing', agents, tasks, links }));
    expect(built.links).toEqual(links);
  });

  it('refuse unknown keys of a link', () => {
    expect(() => defineCrew({ name: 'billing', agents, tasks, links: [{ to: 'x', topics: ['a'] } as never] })).toThrow(
      CrewValidationError,
    );
  });

  it('are in the published JSON Schema under both spellings', () => {
    const schema = crewJsonSchema() as { properties: { links: { items: { properties: Record<string, unknown> } } } };
    expect(Object.keys(schema.properties.links.items.properties)).toEqual(
      expect.arrayContaining(['to', 'direction', 'allowedTopics', 'allowed_topics']),
    );
  });

  it('are kept per crew by the registry the ACL reads', () => {
    const registry = new CrewLinkRegistry();
    expect(registry.linksOf('billing')).toBeUndefined();
    registry.register('billing', [{ to: 'shipping', direction: 'outbound', allowedTopics: [] }]);
    expect(registry.linksOf('billing')).toHaveLength(1);
    registry.register('billing', []);
    expect(registry.linksOf('billing')).toBeUndefined();
  });
});
