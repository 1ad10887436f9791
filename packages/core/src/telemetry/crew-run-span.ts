import { failSpan, OrkeonAttributes, tracer } from './gen-ai-telemetry.js';

/**
 * Runs `work` inside a `crew.run` span naming the crew and its process; agent, model and tool spans nest under it.
 * `failureOf` reads a failure from what `work` returned (a run that ends unsuccessful without throwing: a spent
 * budget, a failed task, a stop), so that the span says why, as it does for a throw.
 */
export function withCrewRunSpan<T>(
  crew: { readonly name: string; readonly process: string; readonly sessionId?: string },
  work: () => Promise<T>,
  failureOf?: (result: T) => unknown,
): Promise<T> {
  const attributes = {
    [OrkeonAttributes.crewName]: crew.name,
    [OrkeonAttributes.crewProcess]: crew.process,
    ...(crew.sessionId === undefined ? {} : { [OrkeonAttributes.sessionId]: crew.sessionId }),
  };
  return tracer().startActiveSpan('crew.run', { attributes }, async (span) => {
    try {
      const result = await work();
      const failure = failureOf?.(result);
      if (failure !== undefined) failSpan(span, failure);
      return result;
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}
