import type { OutputValidation } from '../output-validation/output-validation.js';
import { defineTask } from './define-crew.js';
import type { Deliverable, TaskDefinition } from './task-definition.js';

/** Builds a task step by step; `build()` fills in defaults and validates like `defineTask`. */
export class TaskBuilder {
  #id: string | undefined;
  #description: string | undefined;
  #expectedOutput: string | undefined;
  #agent: string | undefined;
  readonly #dependencies: string[] = [];
  readonly #context: Record<string, string> = {};
  readonly #tools: string[] = [];
  #deliverable: Deliverable | undefined;
  #outputSchema: Readonly<Record<string, unknown>> | undefined;
  #outputValidation: OutputValidation | undefined;
  readonly #attachments: string[] = [];

  id(id: string): this {
    this.#id = id;
    return this;
  }

  description(description: string): this {
    this.#description = description;
    return this;
  }

  expectedOutput(expectedOutput: string): this {
    this.#expectedOutput = expectedOutput;
    return this;
  }

  /** The agent that does the task, by id or as the agent itself. */
  agent(agent: string | { readonly id: string }): this {
    this.#agent = typeof agent === 'string' ? agent : agent.id;
    return this;
  }

  /** Tasks that must complete first, by id or as the tasks themselves (each call adds). */
  dependsOn(...tasks: readonly (string | { readonly id: string })[]): this {
    this.#dependencies.push(...tasks.map((task) => (typeof task === 'string' ? task : task.id)));
    return this;
  }

  /** Adds context entries: one `key, value` pair, or a map of them. */
  context(entries: Readonly<Record<string, string>>): this;
  context(key: string, value: string): this;
  context(keyOrEntries: string | Readonly<Record<string, string>>, value?: string): this {
    if (typeof keyOrEntries === 'string') this.#context[keyOrEntries] = value as string;
    else Object.assign(this.#context, keyOrEntries);
    return this;
  }

  /** Adds tool names for this task only (each call adds). */
  tools(names: readonly string[]): this {
    this.#tools.push(...names);
    return this;
  }

  deliverable(deliverable: Deliverable): this {
    this.#deliverable = deliverable;
    return this;
  }

  /** A JSON Schema object the answer must match; the answer is asked for as JSON. */
  outputSchema(schema: Readonly<Record<string, unknown>>): this {
    this.#outputSchema = schema;
    return this;
  }

  /** Rules the answer must keep (length, sections, a JSON Schema, forbidden patterns); each call replaces. */
  outputValidation(rules: OutputValidation): this {
    this.#outputValidation = rules;
    return this;
  }

  /** Adds virtual paths of images sent with the task (each call adds); they need `addSvcMultiModal`. */
  attachments(paths: readonly string[]): this {
    this.#attachments.push(...paths);
    return this;
  }

  /** The task; throws `CrewValidationError` naming what is missing or wrong. */
  build(): TaskDefinition {
    // Unset fields go through as undefined so that validation names them.
    return defineTask({
      id: this.#id as string,
      description: this.#description as string,
      expectedOutput: this.#expectedOutput as string,
      ...(this.#agent === undefined ? {} : { agent: this.#agent }),
      dependencies: this.#dependencies,
      context: this.#context,
      tools: this.#tools,
      ...(this.#deliverable === undefined ? {} : { deliverable: this.#deliverable }),
      ...(this.#outputSchema === undefined ? {} : { outputSchema: this.#outputSchema }),
      ...(this.#outputValidation === undefined ? {} : { outputValidation: this.#outputValidation }),
      ...(this.#attachments.length === 0 ? {} : { attachments: this.#attachments }),
    });
  }
}

export function taskBuilder(): TaskBuilder {
  return new TaskBuilder();
}
