import type { CrewBudget } from '../budget/crew-budget.js';
import { CrewBudgetMeter } from '../budget/crew-budget-meter.js';
import type { HumanInputChannel } from '../human-input/human-input-channel.js';
import type { Logger } from '../logging/logger.js';
import type { ModelPrice } from '../telemetry/model-prices.js';
import type { Coworkers } from '../tools/collaboration/coworkers.js';
import { RunEventBus } from './run-event-bus.js';
import type { RunEvent } from './run-events.js';
import type { RunScope } from './run-scope.js';
import { RunUsage, toolRunView } from './run-usage.js';

/** What one run needs: its bus, its meter and its stop. */
export interface OpenRunOptions {
  readonly deliver: (event: RunEvent) => void;
  readonly clock?: () => Date;
  readonly crewId?: string;
  readonly budget?: CrewBudget;
  readonly prices: Readonly<Record<string, ModelPrice>>;
  readonly logger: Logger;
  /** The caller's stop. */
  readonly signal?: AbortSignal;
  readonly coworkers?: (scope: RunScope) => Coworkers;
  /** Where the run's `human_input` questions go, instead of the runtime's channel. */
  readonly humanInput?: HumanInputChannel;
}

/**
 * Opens one run: its event bus, its budget meter (announcing `budget.exhausted`
 * the moment a limit is spent) and its stop signal (the caller's, or the spent
 * budget's). `close` stops the wall-time timer.
 */
export function openRun(options: OpenRunOptions): { scope: RunScope; close(): void } {
  const bus = new RunEventBus(options.deliver, {
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.crewId === undefined ? {} : { crewId: options.crewId }),
  });
  const meter = new CrewBudgetMeter(options.budget ?? {}, {
    prices: options.prices,
    onUnpricedModel: (model) =>
      options.logger.warn(
        { model },
        'the model has no price, so the costUsd budget does not count its calls; add it under Telemetry:Prices',
      ),
    onExhausted: ({ exhaustion: spent }) => {
      options.logger.warn({ ...spent }, 'the crew budget is spent; the run stops');
      bus.emit({
        kind: 'budget.exhausted',
        dimension: spent.dimension,
        limit: spent.limit,
        used: spent.used,
        earlier: spent.earlier,
      });
    },
  });
  const signal = options.signal === undefined ? meter.stop : AbortSignal.any([options.signal, meter.stop]);
  const usage = new RunUsage();
  const base: RunScope = {
    emit: (event) => bus.emit(event),
    meter,
    usage,
    view: toolRunView(meter, usage, options.crewId),
    signal,
    toolCalls: new Map(),
    toolCallsByTask: new Map(),
    run: {},
    delegation: { depth: 0, chain: [] },
    ...(options.humanInput === undefined ? {} : { humanInput: options.humanInput }),
  };
  const scope: RunScope = options.coworkers === undefined ? base : { ...base, coworkers: options.coworkers(base) };
  return { scope, close: () => meter.close() };
}
