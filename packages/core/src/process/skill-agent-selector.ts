import type { AgentDefinition } from '../crew/agent-definition.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import type { AgentSelector, ImmediateAgentSelector } from './agent-selector-port.js';

// Words too common to say anything about skills.
const stopWords = new Set(
  'the and for with that this from into your you are was were will what when where which who how its their them they then than our out all any can each has have not but one use using write make about also more most some such only very'.split(
    ' ',
  ),
);

/** The distinct words of `text` that can tell skills apart: lower case, 3 letters or more, no common words. */
export function skillWords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((word) => word.length >= 3 && !stopWords.has(word)));
}

/** Shared words over all words of the two sets (Jaccard); 0 when either is empty. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/**
 * The agent whose role, goal and backstory share the most words with the task's
 * description (Jaccard); ties go to the earlier agent. When no agent shares a word,
 * the fallback (round-robin) chooses.
 */
export class SkillAgentSelector implements AgentSelector {
  readonly #fallback: ImmediateAgentSelector;

  constructor(fallback: ImmediateAgentSelector) {
    this.#fallback = fallback;
  }

  select(task: TaskDefinition, agents: readonly AgentDefinition[]): AgentDefinition {
    const taskWords = skillWords(task.description);
    let best: AgentDefinition | undefined;
    let bestScore = 0;
    for (const agent of agents) {
      const score = jaccard(taskWords, skillWords(`${agent.role} ${agent.goal} ${agent.backstory ?? ''}`));
      if (score > bestScore) {
        best = agent;
        bestScore = score;
      }
    }
    return best ?? this.#fallback.select(task, agents);
  }
}
