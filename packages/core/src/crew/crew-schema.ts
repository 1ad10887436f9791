// One file over 300 lines: the strict crew schema is one Zod tree (crew, agents, tasks and their keys), from
// which validation and the published JSON Schema both come.
import { z } from 'zod';
import { executionBudgetSchema } from '../autonomous/execution-budget-setting.js';
import { crewBudgetSchema } from '../budget/crew-budget.js';
import { consensusOverridesSchema } from '../consensus/consensus-settings.js';
import { memoryScopes } from '../crew-memory/memory-scope.js';
import { piiTypes } from '../dlp/pii-detector.js';
import { crewLinkDirections } from '../event-hub/crew-link.js';
import { knowledgeProfiles } from '../knowledge/knowledge-base.js';
import { graphConfigSchema, retiredCircuitBreakerSchema } from '../process/graph-config.js';
import { defaultAgentMaxIterations } from './agent-definition.js';
import { agentSelectionStrategies, unknownSelectionMessage } from './agent-selection-strategy.js';
import { processTypes, unknownProcessMessage } from './process-type.js';
import { deliverableFormats } from './task-definition.js';

/**
 * The crew's shape as zod schemas, in two forms built from the same fields: the
 * domain form (agents and tasks as lists carrying their `id`), which every entry point
 * validates, and the file form (agents and tasks as maps keyed by id), which the YAML
 * walker follows and the editor JSON Schema is generated from. Keys are camelCase;
 * the snake_case spellings and other aliases are in `key-aliases.ts`.
 */

const idPattern = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export const crewIdSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'id is missing; give it an id (letters, digits, _, - and .).' : undefined,
  })
  .regex(idPattern, 'an id is letters, digits, _, - and ., starting with a letter or digit.');

function requiredText(key: string, example: string) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `${key} is missing; add ${key}: ${example}.` : undefined),
    })
    .refine((value) => value.trim() !== '', `${key} is empty; write ${key}: ${example}.`);
}

export const llmSettingsSchema = z
  .strictObject({
    model: z.string().optional().describe('Model id, for the host’s client factory (clientFor) to honour.'),
    temperature: z.number().min(0).max(2).optional().describe('Sampling temperature, 0 to 2.'),
    maxTokens: z.int().positive().optional().describe('Longest answer, in tokens.'),
  })
  .describe('Model settings; an agent’s own values win field by field over the crew’s.');

const guardrailNames = z
  .array(z.string().trim().min(1), {
    error: (issue) =>
      issue.code === 'invalid_type'
        ? 'guardrails is a list of registered guardrail names, e.g. [no-api-keys]; prompt rules (preset, header, rules, toolRules) are not supported: write them into the goal or backstory'
        : undefined,
  })
  .optional();

const collectionName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'a collection name is letters, digits, -, _ and ., at most 64');

const knowledgeAttachmentSchema = z
  .union([
    collectionName,
    z.strictObject({
      collection: collectionName.describe('The collection to search.'),
      topK: z.int().min(1).max(50).optional().describe('Passages shown; default 5.'),
      minScore: z.number().min(0).max(1).optional().describe('Lowest similarity of a passage shown.'),
      profile: z.enum(knowledgeProfiles).optional().describe('The query profile; default rag.defaults.profile.'),
      maxContextTokens: z.int().min(50).optional().describe('The block’s size in tokens; default 2000.'),
    }),
  ])
  .describe('A collection name, or { collection, topK, minScore, profile, maxContextTokens }.');

const ragSchema = z
  .strictObject({
    collections: z
      .record(
        collectionName,
        z.strictObject({
          sources: z
            .array(z.string().trim().min(1))
            .min(1)
            .describe('Files, globs, folders (relative to the crew folder) and http(s) URLs.'),
          chunking: z
            .strictObject({
              strategy: z.enum(['recursive', 'sentence', 'structural', 'semantic']).optional(),
              maxTokens: z.int().min(13).optional().describe('Chunk size in tokens (4 characters each); default 512.'),
              overlap: z.int().min(0).optional().describe('Tokens shared by neighbouring chunks; default 64.'),
            })
            .optional(),
        }),
      )
      .default({})
      .describe('Collections ingested when a run of the crew starts; unchanged sources cost nothing.'),
    defaults: z
      .strictObject({
        profile: z.enum(knowledgeProfiles).optional().describe('The profile of knowledge attachments that name none.'),
      })
      .optional(),
  })
  .describe('Knowledge bases of the crew (needs @orkeon/rag; see docs/rag.md).');

// Lenient by the event hub's rules (brief §10.3): an entry without `to` is dropped and a
// direction that cannot be read counts as outbound, so both are accepted here and settled in
// `toCrewLinks`; unknown keys are still refused.
const crewLinkSchema = z
  .strictObject({
    to: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe('The peer: a crew id, or client:<name> for an outside client. An entry without it is ignored.'),
    direction: z
      .string()
      .optional()
      .describe(
        `Which way messages may go: ${crewLinkDirections.join(', ')}; default (and for a value that cannot be read) outbound.`,
      ),
    allowedTopics: z
      .array(z.string().trim().min(1))
      .default([])
      .describe('The topics allowed on this link; empty or absent allows every topic.'),
  })
  .describe('A link to another crew or client on the event hub (see docs/event-hub.md).');

const agentFields = {
  role: requiredText('role', '<what the agent is>').describe('What the agent is; part of its system prompt.'),
  goal: requiredText('goal', '<what the agent must achieve>').describe(
    'What the agent aims for; part of its system prompt.',
  ),
  backstory: z.string().optional().describe('Background that shapes how the agent works.'),
  tools: z.array(z.string()).default([]).describe('Tool names; an unknown name fails the load.'),
  llm: llmSettingsSchema.optional(),
  maxIterations: z
    .int()
    .min(0)
    .default(defaultAgentMaxIterations)
    .describe('Most model calls of one task’s tool loop; 0 means no limit. Also maxIter / max_iter.'),
  allowDelegation: z
    .boolean()
    .default(false)
    .describe('Gives the agent ask_question_to_coworker and delegate_work_to_coworker.'),
  guardrails: guardrailNames.describe(
    'Names of registered guardrails on this agent’s prompts, answers and tool calls.',
  ),
  knowledge: z
    .array(knowledgeAttachmentSchema)
    .default([])
    .describe('Collections searched before each of the agent’s tasks; the passages are shown as a cited block.'),
};

const deliverableSchema = z
  .strictObject({
    path: requiredText('path', '<virtual path, e.g. /output/report.md>').describe('Virtual path of the result.'),
    format: z.enum(deliverableFormats).optional().describe('markdown, json or text.'),
  })
  .describe('Where the task’s result is meant to be written.');

const outputValidationSchema = z
  .strictObject({
    minLength: z.number().int().min(0).optional().describe('Fewest characters of the answer.'),
    maxLength: z.number().int().min(1).optional().describe('Most characters of the answer.'),
    requiredSections: z
      .array(z.string().trim().min(1))
      .optional()
      .describe('Sections the answer must have: a Markdown heading or a line starting "Name:".'),
    jsonSchema: z
      .record(z.string(), z.unknown())
      .optional()
      .superRefine((schema, context) => {
        if (schema === undefined) return;
        try {
          z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
        } catch (error) {
          context.addIssue({
            code: 'custom',
            message: `is not a JSON Schema Orkeon can check (${error instanceof Error ? error.message : String(error)}); give an object schema such as { "type": "object", "required": ["title"] }`,
          });
        }
      })
      .describe('A JSON Schema object the answer, read as JSON, must match.'),
    forbiddenPatterns: z
      .array(
        z.string().superRefine((pattern, context) => {
          try {
            new RegExp(pattern, 'iu');
          } catch (error) {
            context.addIssue({
              code: 'custom',
              message: `is not a valid regular expression (${error instanceof Error ? error.message : String(error)}); escape characters such as ( [ . with a backslash`,
            });
          }
        }),
      )
      .optional()
      .describe('Regular expressions (case-insensitive) the answer must not match.'),
    forbiddenPii: z
      .union([
        z.literal(true),
        z.array(z.enum(piiTypes, { error: `is not a kind of personal data; use ${piiTypes.join(', ')}` })).min(1),
      ])
      .optional()
      .describe(
        `Personal data the answer must not hold, found by the DLP detector (addSvcDlp; Svc:Dlp): true for every kind, or a list of ${piiTypes.join(', ')}.`,
      ),
    maxRepairAttempts: z
      .number()
      .int()
      .min(0)
      .max(10)
      .optional()
      .describe('How often a broken answer is sent back with the reasons before the task fails; default 1.'),
  })
  .refine(
    (rules) => rules.minLength === undefined || rules.maxLength === undefined || rules.minLength <= rules.maxLength,
    {
      message: 'minLength is larger than maxLength; no answer could keep both',
    },
  )
  .describe('Rules the answer must keep; a broken rule sends the answer back, then fails the task.');

const taskFields = {
  description: requiredText('description', '<what to do>').describe(
    'What to do; {KEY} placeholders are filled from the variables.',
  ),
  expectedOutput: requiredText('expectedOutput', '<what the answer must look like>').describe(
    'The contract shown to the model for its answer.',
  ),
  agent: z.string().optional().describe('The agent’s id; without it the crew’s agent selection picks one.'),
  dependencies: z.array(z.string()).default([]).describe('Ids of tasks that must complete first.'),
  context: z.record(z.string(), z.string()).default({}).describe('Extra facts shown with the task, key → text.'),
  tools: z.array(z.string()).default([]).describe('Tool names added to the agent’s for this task only.'),
  deliverable: deliverableSchema.optional(),
  outputSchema: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('A JSON Schema object: the answer is asked for as JSON matching it.'),
  outputValidation: outputValidationSchema.optional(),
  attachments: z
    .array(z.string())
    .optional()
    .describe(
      'Virtual paths of images (png, jpeg, gif, webp) sent to the model with the task; they need the multimodal subsystem (a Svc:MultiModal section).',
    ),
  circuitBreaker: retiredCircuitBreakerSchema,
};

const crewFields = {
  name: requiredText('name', '<crew name>').describe('The crew’s name.'),
  goal: z.string().optional().describe('What the crew as a whole achieves.'),
  process: z
    .enum(processTypes, { error: (issue) => unknownProcessMessage(issue.input) })
    .default('sequential')
    .describe(
      'How tasks run: sequential, hierarchical, parallel, consensual, graph or autonomous; matched without regard to case.',
    ),
  manager: z.string().optional().describe('The manager’s agent id (hierarchical). Also managerAgent.'),
  mounts: z.array(z.string()).default([]).describe('Virtual roots the crew needs, e.g. /output.'),
  guardrails: guardrailNames.describe('Names of registered guardrails on every agent of the crew.'),
  llm: llmSettingsSchema.optional(),
  memory: z
    .boolean()
    .default(false)
    .describe('Before each task the agent sees what the crew remembers of earlier work; each result is remembered.'),
  memoryProvider: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('The memory store type of this crew (inmemory, sqlite, redis, …); default the Memory:Provider setting.'),
  memoryScope: z
    .enum(memoryScopes)
    .default('crew')
    .describe(
      'Whose memories the crew shares: crew (across its runs), agent (each agent its own), run (this run only) or user (the run’s resource, across crews).',
    ),
  rag: ragSchema.optional(),
  links: z
    .array(crewLinkSchema)
    .optional()
    .describe('Who the crew may message on the event hub; a crew with links is held to them (see docs/event-hub.md).'),
  maxConcurrency: z.int().positive().optional().describe('Most tasks running at once (parallel); default 4.'),
  budget: crewBudgetSchema.optional(),
  executionBudget: executionBudgetSchema.optional(),
  planning: z
    .boolean()
    .default(false)
    .describe('A planner writes a step per task before the run; each task’s prompt shows its step.'),
  consensus: consensusOverridesSchema.optional(),
  graphConfig: graphConfigSchema.optional(),
  circuitBreaker: retiredCircuitBreakerSchema,
  agentSelection: z
    .enum(agentSelectionStrategies, { error: (issue) => unknownSelectionMessage(issue.input) })
    .default('FirstFit')
    .describe('How tasks without an agent get one: FirstFit, Skill or Embedding.'),
};

export const agentFileSchema = z.strictObject(agentFields);
export const taskFileSchema = z.strictObject(taskFields);

/** One YAML crew file (or the root file of a folder layout). */
export const crewFileSchema = z.strictObject({
  ...crewFields,
  anchors: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('A place for YAML anchors (&name) to be referenced elsewhere (*name); not part of the crew.'),
  agents: z.record(crewIdSchema, agentFileSchema).describe('The agents, keyed by id.'),
  tasks: z.record(crewIdSchema, taskFileSchema).describe('The tasks, keyed by id.'),
});

export const agentSchema = z.strictObject({ id: crewIdSchema, ...agentFields });
export const taskSchema = z.strictObject({ id: crewIdSchema, ...taskFields });

export const crewSchema = z.strictObject({
  ...crewFields,
  agents: z.array(agentSchema),
  tasks: z.array(taskSchema),
});
