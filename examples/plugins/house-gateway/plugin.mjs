// A plugin in its own folder (package.json "exports" names this module): a model provider.
// Agents name it by model id, `llm: { model: house/<model> }`; every other id goes to the
// model factory registered before (addSvcLlm's, from the Llm settings).
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { ChatModelFactoryService, toChatModel } from '@orkeon/core';
import { definePlugin } from '@orkeon/plugins';

const prefix = 'house/';

export default definePlugin({
  name: 'house-gateway',
  version: '1.0.0',
  /** Settings: Plugins:Settings:house-gateway { BaseUrl (required), ApiKey (optional) }. */
  configureServices(services, { settings }) {
    if (typeof settings.BaseUrl !== 'string' || !URL.canParse(settings.BaseUrl))
      throw new Error(
        'Plugins:Settings:house-gateway:BaseUrl must be the http(s) URL of the gateway, e.g. http://gateway.internal/v1.',
      );
    const gateway = createOpenAICompatible({
      name: 'house',
      baseURL: settings.BaseUrl,
      ...(typeof settings.ApiKey === 'string' ? { apiKey: settings.ApiKey } : {}),
    });
    const previous = services.registrationsOf(ChatModelFactoryService).at(-1);
    services.addSingleton(ChatModelFactoryService, (resolver) => {
      const fallback = previous?.factory(resolver);
      return (modelId) => {
        if (modelId.startsWith(prefix)) return toChatModel(gateway.chatModel(modelId.slice(prefix.length)));
        if (fallback !== undefined) return fallback(modelId);
        throw new Error(`No model provider knows '${modelId}': the house gateway serves ids starting '${prefix}'.`);
      };
    });
  },
});
