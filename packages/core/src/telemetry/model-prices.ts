/** What a model costs, in US dollars per million tokens. */
export interface ModelPrice {
  readonly InputPerMillionTokens: number;
  readonly OutputPerMillionTokens: number;
}

/**
 * Published list prices of a few widely used models, for the estimated-cost
 * counter. Models not listed are not costed; add or correct prices with
 * `Telemetry:Prices`. These are estimates: discounts, caching and batch rates are
 * ignored.
 */
export const builtInModelPrices: Readonly<Record<string, ModelPrice>> = {
  'gpt-4o': { InputPerMillionTokens: 2.5, OutputPerMillionTokens: 10 },
  'gpt-4o-mini': { InputPerMillionTokens: 0.15, OutputPerMillionTokens: 0.6 },
  'gpt-4.1': { InputPerMillionTokens: 2, OutputPerMillionTokens: 8 },
  'gpt-4.1-mini': { InputPerMillionTokens: 0.4, OutputPerMillionTokens: 1.6 },
  'claude-3-5-haiku-latest': { InputPerMillionTokens: 0.8, OutputPerMillionTokens: 4 },
  'claude-3-7-sonnet-latest': { InputPerMillionTokens: 3, OutputPerMillionTokens: 15 },
  'claude-sonnet-4-0': { InputPerMillionTokens: 3, OutputPerMillionTokens: 15 },
  'deepseek-chat': { InputPerMillionTokens: 0.27, OutputPerMillionTokens: 1.1 },
};

/** Estimated cost in US dollars, or undefined when the model has no price. */
export function estimateCost(
  prices: Readonly<Record<string, ModelPrice>>,
  model: string,
  inputTokens: number,
  outputTokens: number,
): number | undefined {
  const price = prices[model];
  if (price === undefined) return undefined;
  return (inputTokens * price.InputPerMillionTokens + outputTokens * price.OutputPerMillionTokens) / 1_000_000;
}
