// A crew's own graph: draft (a task), review (an agent), then a function decides
// whether the draft goes round once more. Each node is checkpointed, so
// `./orkeon run examples/processes-graph/crew.ts --resume` continues mid-graph.
import { agentNode, crewGraph, defineCrew, END, START, taskNode } from '@orkeon/core';

const graph = crewGraph()
  .addNode('draft', taskNode('draft'))
  .addNode(
    'review',
    agentNode('editor', (state) => `Say APPROVED or list what to fix in this draft:\n${state.outputs.draft}`),
  )
  .addNode('count', (state) => ({ values: { ...state.values, rounds: Number(state.values.rounds ?? 0) + 1 } }))
  .addEdge(START, 'draft')
  .addEdge('draft', 'review')
  .addEdge('review', 'count')
  .addConditionalEdge('count', (state) =>
    state.outputs.review?.includes('APPROVED') || Number(state.values.rounds) >= 2 ? END : 'draft',
  );

export const crew = defineCrew({
  name: 'reviewed-notes',
  process: 'graph',
  graphConfig: { circuitBreakerPreset: 'default' },
  agents: [
    { id: 'writer', role: 'Release writer', goal: 'Write clear release notes' },
    { id: 'editor', role: 'Editor', goal: 'Approve only clear, correct notes' },
  ],
  tasks: [
    {
      id: 'draft',
      description: 'Write release notes for a version that adds dark mode and fixes two crashes.',
      expectedOutput: 'A short markdown section',
      agent: 'writer',
    },
  ],
  graph,
});
