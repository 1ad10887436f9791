import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

/**
 * A graph that cannot be compiled: an edge to a node that does not exist, a node
 * with no way out, two ways out of one node. Code `GRAPH_DEFINITION_INVALID`; the
 * message lists every problem.
 */
export class GraphDefinitionError extends OrkeonError<CoreErrorCode> {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super('GRAPH_DEFINITION_INVALID', `The graph cannot be compiled: ${problems.join('; ')}.`, {
      details: { problems },
    });
    this.problems = problems;
  }
}

/**
 * A graph run that went wrong in a way the graph's author must fix: a router that
 * named a node the graph does not have (`GRAPH_ROUTE_UNKNOWN`), a checkpoint that
 * does not belong to the graph (`GRAPH_CHECKPOINT_INVALID`).
 */
export class GraphRunError extends OrkeonError<CoreErrorCode> {}
