import { describe, expect, it } from 'vitest';
import { agentBuilder } from '../../src/crew/agent-builder.js';
import { crewBuilder } from '../../src/crew/crew-builder.js';
import { CrewValidationError } from '../../src/crew/crew-validation-error.js';
import { defineAgent, defineCrew } from '../../src/crew/define-crew.js';
import { taskBuilder } from '../../src/crew/task-builder.js';

function problemsOf(build: () => unknown): string[] {
  try {
    build();
  } catch (error) {
    if (CrewValidationError.isInstance(error)) return error.message.split('\n');
    throw error;
  }
  throw new Error('expected a CrewValidationError');
}

const researcher = { id: 'researcher', role: 'Researcher', goal: 'Find facts' };
const writer = { id: 'writer', role: 'Writer', goal: 'Write clearly', tools: ['file_write'] };

describe('builders', () => {
  it('build an agent, a task and a crew, filling the defaults', () => {
    const lead = agentBuilder()
      .id('lead')
      .role('Lead')
      .goal('Run the desk')
      .backstory('Ten years of editing.')
      .tools(['file_read'])
      .tools(['file_write'])
      .llm({ model: 'm', temperature: 0.3 })
      .maxIterations(5)
      .allowDelegation()
      .build();
    expect(lead).toEqual({
      id: 'lead',
      role: 'Lead',
      goal: 'Run the desk',
      backstory: 'Ten years of editing.',
      tools: ['file_read', 'file_write'],
      llm: { model: 'm', temperature: 0.3 },
      maxIterations: 5,
      allowDelegation: true,
    });
    const research = taskBuilder().id('research').description('Research.').expectedOutput('Facts').agent(lead).build();
    const write = taskBuilder()
      .id('write')
      .description('Write.')
      .expectedOutput('Article')
      .agent('writer')
      .dependsOn(research)
      .context('audience', 'experts')
      .context({ tone: 'calm' })
      .tools(['file_read'])
      .deliverable({ path: '/output/article.md', format: 'markdown' })
      .outputSchema({ type: 'object' })
      .build();
    const crew = crewBuilder()
      .name('desk')
      .goal('Publish')
      .process('hierarchical')
      .withAgent(agentBuilder().id('writer').role('Writer').goal('Write'))
      .manager(lead)
      .withTasks([research, write])
      .mounts(['/output'])
      .memory()
      .maxConcurrency(2)
      .agentSelection('Skill')
      .llm({ maxTokens: 500 })
      .build({ toolNames: ['file_read', 'file_write'] });
    expect(crew).toMatchObject({
      name: 'desk',
      process: 'hierarchical',
      manager: 'lead',
      mounts: ['/output'],
      memory: true,
      maxConcurrency: 2,
      agentSelection: 'Skill',
      llm: { maxTokens: 500 },
    });
    expect(crew.agents.map((agent) => agent.id)).toEqual(['writer', 'lead']);
    expect(crew.tasks[1]).toEqual({
      id: 'write',
      description: 'Write.',
      expectedOutput: 'Article',
      agent: 'writer',
      dependencies: ['research'],
      context: { audience: 'experts', tone: 'calm' },
      tools: ['file_read'],
      deliverable: { path: '/output/article.md', format: 'markdown' },
      outputSchema: { type: 'object' },
    });
  });

  it('name what is missing in an agent or task', () => {
    expect(problemsOf(() => agentBuilder().id('a').role('A').build())).toEqual([
      'agents.a.goal: goal is missing; add goal: <what the agent must achieve>.',
    ]);
    expect(problemsOf(() => agentBuilder().role('A').goal('G').build())).toEqual([
      'agents.id: id is missing; give it an id (letters, digits, _, - and .).',
    ]);
    expect(problemsOf(() => taskBuilder().id('t').description('D').build())).toEqual([
      'tasks.t.expectedOutput: expectedOutput is missing; add expectedOutput: <what the answer must look like>.',
    ]);
    expect(problemsOf(() => agentBuilder().id('bad id').role('A').goal('G').build())).toEqual([
      'agents.bad id.id: an id is letters, digits, _, - and ., starting with a letter or digit.',
    ]);
  });

  it('validate the whole crew when it is built', () => {
    const lines = problemsOf(() =>
      crewBuilder()
        .name('broken')
        .process('hierarchical')
        .withAgents([researcher, writer, researcher])
        .withTask({ id: 'a', description: 'A', expectedOutput: 'A', agent: 'ghost', dependencies: ['b'] })
        .withTask({ id: 'b', description: 'B', expectedOutput: 'B', dependencies: ['a', 'zzz'] })
        .mounts(['/output', 'output', '/output'])
        .build({ toolNames: ['file_read'] }),
    );
    expect(lines).toEqual([
      "agents.researcher: more than one agent has the id 'researcher'; give each agent its own id.",
      "tasks.a.agent: no agent has the id 'ghost'; agents: researcher, writer.",
      "tasks.b.dependencies.1: no task has the id 'zzz'; tasks: a, b.",
      'tasks.a.dependencies: dependency cycle a → b → a; remove one of these dependencies.',
      'manager: a hierarchical crew needs a manager; add manager: <agent id> (agents: researcher, writer).',
      "agents.writer.tools.0: unknown tool 'file_write'; available: file_read.",
      "mounts.1: 'output' is not a virtual root; write /name (e.g. /output), or <mount id>|/name to pin one mount.",
      "mounts.2: '/output' is listed twice; list each root once.",
    ]);
  });
});

describe('defineCrew with plain typed objects', () => {
  it('fills the defaults', () => {
    const crew = defineCrew({
      name: 'plain',
      agents: [researcher, writer],
      tasks: [
        { id: 'research', description: 'Research.', expectedOutput: 'Facts' },
        { id: 'write', description: 'Write.', expectedOutput: 'Article', dependencies: ['research'], agent: 'writer' },
      ],
    });
    expect(crew).toEqual({
      name: 'plain',
      process: 'sequential',
      agents: [
        { ...researcher, tools: [], maxIterations: 10, allowDelegation: false },
        { ...writer, maxIterations: 10, allowDelegation: false },
      ],
      tasks: [
        { id: 'research', description: 'Research.', expectedOutput: 'Facts', dependencies: [], context: {}, tools: [] },
        {
          id: 'write',
          description: 'Write.',
          expectedOutput: 'Article',
          agent: 'writer',
          dependencies: ['research'],
          context: {},
          tools: [],
        },
      ],
      mounts: [],
      memory: false,
      memoryScope: 'crew',
      agentSelection: 'FirstFit',
    });
    // A defined crew is valid input again, and the result is the same.
    expect(defineCrew(crew)).toEqual(crew);
    expect(defineAgent(researcher).maxIterations).toBe(10);
  });

  it('refuses what the types would, naming agents and tasks by id', () => {
    const input = {
      name: '',
      process: 'round-robin',
      agents: [{ ...researcher, maxIterations: 'many', colour: 'red' }],
      tasks: [{ id: 'research', description: 'Research.', expectedOutput: 'Facts', context: { year: 2025 } }],
    };
    // Plain objects from JavaScript or JSON are checked at run time too.
    expect(problemsOf(() => defineCrew(input as never))).toEqual([
      'name: name is empty; write name: <crew name>.',
      'process: unknown process "round-robin"; use one of sequential, hierarchical, parallel, consensual, graph, autonomous.',
      "agents.researcher.maxIterations: expected a number, got 'many'.",
      "agents.researcher.colour: unknown key 'colour'; known keys: id, role, goal, backstory, tools, llm, maxIterations, allowDelegation, guardrails, knowledge.",
      'tasks.research.context.year: expected text, got 2025; put it in quotes to keep it as text.',
    ]);
  });

  it('refuses duplicate task ids and a manager with no one to manage', () => {
    expect(
      problemsOf(() =>
        defineCrew({
          name: 'solo',
          process: 'hierarchical',
          manager: 'researcher',
          agents: [researcher],
          tasks: [
            { id: 't', description: 'T', expectedOutput: 'T' },
            { id: 't', description: 'T', expectedOutput: 'T' },
          ],
        }),
      ),
    ).toEqual([
      "tasks.t: more than one task has the id 't'; give each task its own id.",
      "agents: a hierarchical crew needs at least one agent besides its manager 'researcher' to do the tasks.",
    ]);
  });
});
