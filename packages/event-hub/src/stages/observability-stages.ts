import { type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { EventHubStage, HubMessage, HubNext, HubPattern, Logger } from '@orkeon/core';

/** The tracer of the hub's spans (the .NET source was `Orkeon.EventHub`). */
export const eventHubTracerName = 'orkeon.event-hub';

/** The span attributes of a message: who sent it, to whom, on what topic, how. */
export function hubSpanAttributes(message: HubMessage, pattern: HubPattern): Record<string, string> {
  const target = message.targetCrewId ?? message.targetMailbox;
  return {
    'crew.source': message.sourceCrewId,
    ...(target === undefined ? {} : { 'crew.target': target }),
    'event.topic': message.topic,
    'event.pattern': pattern,
  };
}

/** Logs each message on both paths (debug), and each refusal further down the chain (warn). */
export function createLoggingStage(logger: Logger): EventHubStage {
  const log = async (path: 'publish' | 'receive', message: HubMessage, pattern: HubPattern, next: HubNext) => {
    const fields = { messageId: message.id, ...hubSpanAttributes(message, pattern) };
    logger.debug(fields, `event hub ${path}: ${pattern} '${message.topic}' from ${message.sourceCrewId}`);
    try {
      await next(message);
    } catch (error) {
      logger.warn({ ...fields, err: error }, `event hub ${path} refused: ${pattern} '${message.topic}'`);
      throw error;
    }
  };
  return {
    name: 'logging',
    onPublish: (message, next, context) => log('publish', message, context.pattern, next),
    onReceive: (message, next, context) => log('receive', message, context.pattern, next),
  };
}

/** One span per message and path (`event_hub.publish`, `event_hub.receive`), failed when a later stage refuses. */
export function createTelemetryStage(): EventHubStage {
  const traced = (path: 'publish' | 'receive', message: HubMessage, pattern: HubPattern, next: HubNext) =>
    trace.getTracer(eventHubTracerName).startActiveSpan(
      `event_hub.${path}`,
      {
        kind: path === 'publish' ? SpanKind.PRODUCER : SpanKind.CONSUMER,
        attributes: hubSpanAttributes(message, pattern),
      },
      async (span: Span) => {
        try {
          await next(message);
        } catch (error) {
          span.setStatus({
            code: SpanStatusCode.ERROR,
            message: error instanceof Error ? error.message : String(error),
          });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  return {
    name: 'telemetry',
    onPublish: (message, next, context) => traced('publish', message, context.pattern, next),
    onReceive: (message, next, context) => traced('receive', message, context.pattern, next),
  };
}
