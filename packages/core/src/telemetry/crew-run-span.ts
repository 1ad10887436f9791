import { failSpan, OrkeonAttributes, tracer } from './gen-ai-telemetry.js';

/** Runs `work` inside a `crew.run` span naming the crew and its process; agent, model and tool spans nest under it. */
export function withCrewRunSpan<T>(
  crew: { readonly name: string; readonly process: string },
  work: () => Promise<T>,
): Promise<T> {
  const attributes = { [OrkeonAttributes.crewName]: crew.name, [OrkeonAttributes.crewProcess]: crew.process };
  return tracer().startActiveSpan('crew.run', { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}
