import { describe, expect, it } from 'vitest';
import { isSecretKey } from '../../src/index.js';

describe('isSecretKey', () => {
  it.each([
    'ApiKey',
    'apiKey',
    'api_key',
    'OPENAI_API_KEY',
    'Password',
    'dbPassword',
    'ClientSecret',
    'Secret',
    'Token',
    'BotToken',
    'access_token',
    'PrivateKey',
    'ConnectionString',
    'Credentials',
    'Tokens',
    'Keys',
  ])('%s is secret', (name) => {
    expect(isSecretKey(name)).toBe(true);
  });

  it.each([
    'MaxTokens',
    'TokenBudget',
    'MaxTokensPerAgent',
    'ApiKeySecretName',
    'ApiKeyEnvVar',
    'Model',
    'SecretStore',
    'Key',
  ])('%s is not secret', (name) => {
    expect(isSecretKey(name)).toBe(false);
  });
});
