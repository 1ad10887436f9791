import {
  inferProvider,
  isKeylessEndpoint,
  type ProviderDescription,
  providerCatalogue,
  providerKeys,
} from '@orkeon/providers';

/** The environment variable a project's API key is read from: it reaches `Llm:ApiKey`, the only key calls send. */
export const apiKeyVariable = 'SVC_Llm__ApiKey';

/** The name `--provider` takes, and the interactive list offers first, for the offline echo model. */
export const echoProviderName = 'echo';

/**
 * The model a new project runs on: the offline echo model (no `Llm` section), or a provider of
 * the catalogue with the model id and endpoint its `Llm` section names.
 */
export type ModelChoice =
  | { readonly kind: 'echo' }
  | {
      readonly kind: 'provider';
      readonly provider: ProviderDescription;
      readonly model: string;
      /** Written as `Llm:BaseUrl`: it names the provider, since Orkeon infers the provider from it. */
      readonly baseUrl: string;
    };

/** Every name `--provider` takes, echo first, then the catalogue's keys in its order. */
export const providerChoiceNames: readonly string[] = [echoProviderName, ...providerKeys];

/** The provider a name or alias names (any case), `echo`, or `undefined` for an unknown name. */
export function findProvider(name: string): ProviderDescription | typeof echoProviderName | undefined {
  const wanted = name.trim().toLowerCase();
  if (wanted === echoProviderName) return echoProviderName;
  return providerCatalogue.find((provider) => provider.key === wanted || provider.aliases.includes(wanted));
}

/** What is wrong with a model id, in words that complete "the model id …", or `undefined` when it is fine. */
export function modelIdProblem(model: string): string | undefined {
  if (model.trim() === '') return 'is empty';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\s\u0000-\u001f\u007f]/.test(model)) return 'has spaces or control characters';
  if (model.length > 200) return 'is longer than 200 characters';
  return undefined;
}

/** What is wrong with a base URL, in words that complete "the base URL …", or `undefined` when it is fine. */
export function baseUrlProblem(url: string): string | undefined {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    return 'is not an absolute http:// or https:// URL';
  return undefined;
}

/**
 * The choice of `provider` with `model` (default: the provider's default model) at `baseUrl`
 * (default: the provider's own endpoint), or what is missing or wrong: one sentence naming the
 * problem, which the caller turns into a flag error or a question asked again.
 */
export function providerModel(
  provider: ProviderDescription,
  options: { readonly model?: string | undefined; readonly baseUrl?: string | undefined },
): { readonly choice: ModelChoice } | { readonly problem: string } {
  const model = options.model ?? provider.defaultModel;
  const baseUrl = options.baseUrl ?? provider.defaultBaseUrl;
  if (baseUrl === undefined) return { problem: `${provider.key} has no default endpoint: give its URL` };
  if (model === undefined) return { problem: `${provider.key} has no default model: give its id` };
  const modelProblem = modelIdProblem(model);
  if (modelProblem !== undefined) return { problem: `the model id '${model}' ${modelProblem}` };
  const urlProblem = baseUrlProblem(baseUrl);
  if (urlProblem !== undefined) return { problem: `the base URL '${baseUrl}' ${urlProblem}` };
  // There is no provider setting: the project names its provider through what Orkeon infers it from.
  const inferred = inferProvider({ BaseUrl: baseUrl, Model: model });
  if (inferred.provider !== provider.key)
    return {
      problem: `Orkeon infers the provider from Llm:BaseUrl and Llm:Model, and would read '${baseUrl}' with '${model}' as ${inferred.provider} (${inferred.reason}), not ${provider.key}: give ${provider.key}'s own endpoint, or choose ${inferred.provider}`,
    };
  return { choice: { kind: 'provider', provider, model, baseUrl } };
}

/** Whether calls need an API key: a provider that takes one, at an endpoint that is not on this machine. */
export function needsApiKey(choice: ModelChoice): boolean {
  return choice.kind === 'provider' && choice.provider.requiresApiKey && !isKeylessEndpoint(choice.baseUrl);
}
