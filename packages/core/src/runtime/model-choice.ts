import type { AgentDefinition } from '../crew/agent-definition.js';
import type { CrewDefinition } from '../crew/crew-definition.js';
import { resolveLlmSettings } from '../crew/llm-settings.js';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { ChatModel } from '../llm/chat-model.js';
import type { LlmCallSettings } from '../llm/llm-client.js';
import type { ChatModelFactory } from './runtime-services.js';

/** The `Llm` settings the runtime reads for every call. */
export interface LlmDefaults {
  readonly Temperature?: number | undefined;
  readonly MaxTokens?: number | undefined;
  readonly MaxRetries: number;
  readonly TimeoutSeconds: number;
}

/**
 * The one place an agent's model is chosen: the agent's own model (code), else the
 * model id its `llm.model` or the crew's names (built by the registered factory, once
 * per id), else the runtime's default model.
 */
export class ModelChoice {
  readonly #resolveDefault: () => ChatModel;
  #default: ChatModel | undefined;
  readonly #resolveFactory: () => ChatModelFactory | undefined;
  readonly #settings: LlmDefaults;
  readonly #byId = new Map<string, ChatModel>();

  /** The default model and the factory are resolved on first use: loading a crew to validate it builds no model. */
  constructor(options: {
    defaultModel: () => ChatModel;
    factory: () => ChatModelFactory | undefined;
    settings: LlmDefaults;
  }) {
    this.#resolveDefault = options.defaultModel;
    this.#resolveFactory = options.factory;
    this.#settings = options.settings;
  }

  get defaultModel(): ChatModel {
    this.#default ??= this.#resolveDefault();
    return this.#default;
  }

  modelFor(agent: AgentDefinition, crew?: CrewDefinition): ChatModel {
    if (agent.model !== undefined) return agent.model;
    const wanted = resolveLlmSettings(crew?.llm, agent.llm).model;
    if (wanted === undefined || wanted === this.defaultModel.modelId) return this.defaultModel;
    const known = this.#byId.get(wanted);
    if (known !== undefined) return known;
    const factory = this.#resolveFactory();
    if (factory === undefined) {
      throw new OrkeonError<CoreErrorCode>(
        'RUNTIME_MODEL_FACTORY_MISSING',
        `Agent '${agent.id}' asks for the model '${wanted}', but no model factory is registered. Register one with addSvcLlm from @orkeon/providers, or give the agent its model in code (model: ...).`,
      );
    }
    const model = factory(wanted);
    this.#byId.set(wanted, model);
    return model;
  }

  /** Temperature, output cap and retry rules of the `Llm` settings, for code that drives the model itself. */
  defaultCallSettings(): LlmCallSettings {
    return {
      temperature: this.#settings.Temperature,
      maxTokens: this.#settings.MaxTokens,
      maxRetries: this.#settings.MaxRetries,
      timeoutSeconds: this.#settings.TimeoutSeconds,
    };
  }

  /** Temperature and output cap of the agent (its own, the crew's, then the settings'), and the retry rules. */
  callSettingsFor(agent: AgentDefinition, crew?: CrewDefinition): LlmCallSettings {
    const llm = resolveLlmSettings(crew?.llm, agent.llm);
    return {
      temperature: llm.temperature ?? this.#settings.Temperature,
      maxTokens: llm.maxTokens ?? this.#settings.MaxTokens,
      maxRetries: this.#settings.MaxRetries,
      timeoutSeconds: this.#settings.TimeoutSeconds,
    };
  }
}
