import { inToolFamily, type Tool, type ToolFamily } from '@orkeon/core';
import type { TestedToolCatalogueEntry } from '../catalogue/tested-catalogue-entry.js';
import { createSessionCostTool, sessionCostToolName } from './session-cost-tool.js';
import { sessionSettings } from './session-settings.js';
import { createSessionSnipTool, sessionSnipToolName } from './session-snip-tool.js';
import { createSessionStatsTool, sessionStatsToolName } from './session-stats-tool.js';
import { createSessionStoreTool, sessionStoreToolName } from './session-store-tool.js';
import { createTokenBudgetTool, tokenBudgetToolName } from './token-budget-tool.js';

const inARun = 'an agent or crew run (outside one it says so)';
const crewRunTest = 'a real crew run on the scripted model server; numbers checked against the run events';

const catalogue: readonly TestedToolCatalogueEntry[] = [
  {
    name: sessionStoreToolName,
    access: 'Read',
    summary: "A key/value scratch store for the run's agents, in memory, bounded (set, get, list, delete).",
    needs: inARun,
    tested: 'real crew runs on the scripted model server; bounds, hostile keys and a property test against a map',
  },
  {
    name: sessionSnipToolName,
    access: 'Read',
    summary: 'Named excerpts of text kept for later in the run (keep, list, get, delete).',
    needs: inARun,
    tested: 'real crew runs on the scripted model server; bounds and hostile names',
  },
  {
    name: sessionStatsToolName,
    access: 'Read',
    summary: "The run's counters: model calls, input and output tokens, tool calls, time elapsed.",
    needs: inARun,
    tested: crewRunTest,
  },
  {
    name: sessionCostToolName,
    access: 'Read',
    summary: "The run's estimated cost where model prices are known, else tokens only (and says so).",
    needs: `${inARun}; prices in Telemetry:Prices for models outside the built-in table`,
    tested: `${crewRunTest}; priced and unpriced models`,
  },
  {
    name: tokenBudgetToolName,
    access: 'Read',
    summary: "What the run's budget allows and what is left (tokens, cost, wall time, tool calls).",
    needs: inARun,
    tested: `${crewRunTest}; a run with a budget and one without`,
  },
];

/**
 * The `session` family: tools that read the run they are called in (its counters,
 * cost and budget) and keep scratch data for it. Everything stays in the run's
 * memory, so every tool is Read; nothing is loaded beyond this package.
 */
export const sessionFamily: ToolFamily = {
  name: 'session',
  description: "The run's own scratch store, excerpts, counters, cost and budget.",
  catalogue,
  settingsSections: [sessionSettings],
  async createTools({ configuration }) {
    const settings = configuration.get(sessionSettings);
    const tools: Tool[] = [
      createSessionStoreTool(settings) as Tool,
      createSessionSnipTool(settings) as Tool,
      createSessionStatsTool() as Tool,
      createSessionCostTool() as Tool,
      createTokenBudgetTool() as Tool,
    ];
    return tools.map((tool) => inToolFamily(tool, 'session'));
  },
};
