// The fixtures the official MCP conformance suite's server scenarios call by name,
// served by `orkeon mcp serve examples/mcp-conformance-server/crew.ts --http 127.0.0.1:8808`.
// They exist for the suite only; they are not part of Orkeon.
import { defineCrew, defineTool } from '@orkeon/core';
import { z } from 'zod';

const simpleText = defineTool({
  name: 'test_simple_text',
  description: 'Answers a fixed text.',
  access: 'Read',
  input: z.object({}),
  execute: async () => 'This is a simple text response for testing.',
});

const errorHandling = defineTool({
  name: 'test_error_handling',
  description: 'Always fails, to show how a failure reaches the client.',
  access: 'Read',
  input: z.object({}),
  execute: async () => {
    throw new Error('This tool intentionally returns an error for testing');
  },
});

export const crew = defineCrew({
  name: 'mcp-conformance',
  goal: 'Answer the MCP conformance suite',
  agents: [
    {
      id: 'fixture',
      role: 'Fixture',
      goal: 'Hold the conformance tools',
      tools: [simpleText, errorHandling],
    },
  ],
  tasks: [
    {
      id: 'test_simple_prompt',
      description: 'This is a simple prompt for testing.',
      expectedOutput: 'Any answer',
      agent: 'fixture',
    },
    {
      id: 'test_prompt_with_arguments',
      description: 'Prompt with arguments: arg1={arg1}, arg2={arg2}',
      expectedOutput: 'Any answer',
      agent: 'fixture',
    },
  ],
});
