import { z } from 'zod';
import { defineSettingsSection } from '../config/settings-section.js';

const httpUrl = z
  .string()
  .refine((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), {
    message: 'it must be an absolute http:// or https:// URL',
  })
  .meta({ format: 'uri' });

/**
 * The language-model settings (`Llm`, also written `Svc:Llm`). There is no
 * provider key: the provider is inferred from `BaseUrl`, `Model` and the key.
 */
export const llmSettings = defineSettingsSection(
  'Llm',
  z.object({
    Model: z.string().min(1).optional().describe("Model id; omitted means the provider's default model."),
    BaseUrl: httpUrl
      .optional()
      .describe('Endpoint of the provider; any server speaking the OpenAI chat dialect is reached this way.'),
    ApiKey: z
      .string()
      .min(1)
      .optional()
      .describe('API key sent with every call; usually given as the environment variable `SVC_Llm__ApiKey`.'),
    ApiKeySecretName: z
      .string()
      .min(1)
      .optional()
      .describe('Recorded only and never resolved: a host that keeps keys in a secret store assigns `ApiKey` itself.'),
    Temperature: z.number().min(0).max(2).optional().describe('Sampling temperature; omitted means none is sent.'),
    MaxTokens: z.number().int().min(1).optional().describe('Cap on output tokens per call.'),
    TimeoutSeconds: z.number().min(1).max(3600).default(30).describe('Time limit of one model call.'),
    MaxRetries: z.number().int().min(0).max(20).default(10).describe('Retries on 429, 5xx and network errors.'),
    EmbeddingModel: z
      .string()
      .min(1)
      .optional()
      .describe(
        "Embedding model id at the same provider (e.g. 'text-embedding-3-small'); when set, it is the remote embedding provider.",
      ),
  }),
  { description: 'The language model agents think with.' },
);
