import type { AgentDefinition } from '../crew/agent-definition.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import type { RecalledMemory } from '../crew-memory/crew-memory.js';
import type { KnowledgePassage } from '../knowledge/knowledge-base.js';

/** An earlier task's answer, shown to a later task as context. */
export interface EarlierOutput {
  readonly taskId: string;
  readonly agentRole?: string;
  readonly output: string;
}

/** What the manager said about the previous answer (hierarchical). */
export interface RevisionRequest {
  readonly feedback: string;
  readonly previousOutput: string;
}

/** The passages of the agent's knowledge collections, numbered for citing as [n]. */
function knowledgeSection(passages: readonly KnowledgePassage[]): string {
  const listed = passages.map((passage, index) => {
    const section =
      passage.headings === undefined || passage.headings.length === 0 ? '' : `, ${passage.headings.join(' › ')}`;
    return `[${index + 1}] (${passage.sourceId}${section})\n${passage.text}`;
  });
  return `# Knowledge\nPassages from the knowledge base. Cite the ones you use as [n].\n\n${listed.join('\n\n')}`;
}

/** The agent's system prompt: its role, goal and backstory. */
export function agentSystemPrompt(agent: AgentDefinition): string {
  return [`You are ${agent.role}.`, `Your goal: ${agent.goal}`, agent.backstory]
    .filter((line) => line !== undefined && line.trim() !== '')
    .join('\n');
}

/**
 * The task as the agent's goal: the description, the task's context entries, what
 * crew memory recalled, the earlier outputs it may build on, the manager's feedback on
 * a rejected answer, and last the expected output, the contract of the answer.
 */
export function taskGoal(
  task: TaskDefinition,
  earlier: readonly EarlierOutput[],
  revision?: RevisionRequest,
  recalled: readonly RecalledMemory[] = [],
  knowledge: readonly KnowledgePassage[] = [],
): string {
  const sections = [`# Task\n${task.description}`];
  const context = Object.entries(task.context);
  if (context.length > 0) sections.push(`# Context\n${context.map(([key, value]) => `- ${key}: ${value}`).join('\n')}`);
  if (knowledge.length > 0) sections.push(knowledgeSection(knowledge));
  if (recalled.length > 0)
    sections.push(
      `# What you remember from earlier work\n${recalled.map((memory) => `- ${memory.content.replaceAll('\n', '\n  ')}`).join('\n')}`,
    );
  if (earlier.length > 0) {
    const outputs = earlier.map(
      (item) => `## Task '${item.taskId}'${item.agentRole === undefined ? '' : ` (${item.agentRole})`}\n${item.output}`,
    );
    sections.push(`# Results of earlier tasks\n${outputs.join('\n\n')}`);
  }
  if (revision !== undefined) {
    sections.push(
      `# Revision requested\nYour previous answer was not approved. Feedback:\n${revision.feedback}\n\nYour previous answer:\n${revision.previousOutput}`,
    );
  }
  sections.push(`# Expected output\n${task.expectedOutput}`);
  return sections.join('\n\n');
}
