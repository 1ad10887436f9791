import type { OutputValidation } from '../output-validation/output-validation.js';

/** Where a task's result is meant to be written (a virtual path), and in which format. */
export interface Deliverable {
  readonly path: string;
  readonly format?: DeliverableFormat;
}

export const deliverableFormats = ['markdown', 'json', 'text'] as const;

export type DeliverableFormat = (typeof deliverableFormats)[number];

/** One piece of work: what to do, what the answer must look like, who does it and what it needs first. */
export interface TaskDefinition {
  /** Unique in the crew; dependencies, events and checkpoints name the task by it. */
  readonly id: string;
  readonly description: string;
  /** The contract the model is shown for its answer. */
  readonly expectedOutput: string;
  /** The agent's id; without one, the crew's agent selection picks one. */
  readonly agent?: string;
  /** Ids of tasks that must complete first. */
  readonly dependencies: readonly string[];
  /** Extra facts shown to the agent with the task. */
  readonly context: Readonly<Record<string, string>>;
  /** Tool names added to the agent's tools for this task only. */
  readonly tools: readonly string[];
  readonly deliverable?: Deliverable;
  /** A JSON Schema object: the answer is asked for, and parsed, as JSON matching it. */
  readonly outputSchema?: Readonly<Record<string, unknown>>;
  /** Rules the answer must keep: length, sections, a JSON Schema, forbidden patterns. */
  readonly outputValidation?: OutputValidation;
  /**
   * Virtual paths of images sent to the model with the task (png, jpeg, gif or webp), read
   * through the file system; they need the multimodal subsystem (`addSvcMultiModal`).
   */
  readonly attachments?: readonly string[];
}

/** A task as written by hand: the fields with defaults may be left out. */
export interface TaskInput {
  readonly id: string;
  readonly description: string;
  readonly expectedOutput: string;
  readonly agent?: string;
  readonly dependencies?: readonly string[];
  readonly context?: Readonly<Record<string, string>>;
  readonly tools?: readonly string[];
  readonly deliverable?: Deliverable;
  readonly outputSchema?: Readonly<Record<string, unknown>>;
  readonly outputValidation?: OutputValidation;
  readonly attachments?: readonly string[];
}
