import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Logger } from '@orkeon/core';
import { createRemoteJWKSet, type JWTVerifyOptions, jwtVerify } from 'jose';
import { A2ASecurityConfigurationError } from './a2a-security-errors.js';
import type { A2ASecuritySettings } from './a2a-security-settings.js';
import type { CredentialVerdict } from './caller-identity.js';
import type { CredentialValidator, SecretListProvider } from './credential-validator.js';
import { matchesAnySecret } from './secret-comparison.js';

const compactJws = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

type JwtKey = KeyObject | ReturnType<typeof createRemoteJWKSet>;

function jwtKey(settings: A2ASecuritySettings['Bearer']): JwtKey | undefined {
  if (settings.JwksUrl !== undefined && settings.PublicKeyPath !== undefined) {
    throw new A2ASecurityConfigurationError(
      'A2A:Security:Bearer sets both JwksUrl and PublicKeyPath: keep one source of JWT signing keys.',
      { key: 'A2A:Security:Bearer' },
    );
  }
  if (settings.JwksUrl !== undefined) {
    const url = URL.canParse(settings.JwksUrl) ? new URL(settings.JwksUrl) : undefined;
    const allowed =
      url !== undefined && (url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname)));
    if (url === undefined || !allowed) {
      throw new A2ASecurityConfigurationError(
        `A2A:Security:Bearer:JwksUrl '${settings.JwksUrl}' must be an https:// address (http:// only on loopback).`,
        { key: 'A2A:Security:Bearer:JwksUrl' },
      );
    }
    return createRemoteJWKSet(url);
  }
  if (settings.PublicKeyPath !== undefined) {
    try {
      return createPublicKey(readFileSync(settings.PublicKeyPath, 'utf8'));
    } catch (error) {
      throw new A2ASecurityConfigurationError(
        `A2A:Security:Bearer:PublicKeyPath '${settings.PublicKeyPath}' is not a readable PEM public key or certificate.`,
        { cause: error, key: 'A2A:Security:Bearer:PublicKeyPath' },
      );
    }
  }
  return undefined;
}

/**
 * The `Bearer` validator, or undefined when nothing can check a token (no opaque tokens
 * and no JWT key source). An opaque token is compared hashed and in fixed time with the
 * provider's tokens; a JWT is verified with jose (signature, expiry, and `Issuer` /
 * `Audience` when set).
 */
export function createBearerValidator(
  settings: A2ASecuritySettings['Bearer'],
  options: { tokens?: SecretListProvider; logger: Logger },
): CredentialValidator | undefined {
  const key = jwtKey(settings);
  const tokens = options.tokens ?? (() => settings.Tokens);
  const hasTokens = options.tokens !== undefined || settings.Tokens.length > 0;
  if (key === undefined && !hasTokens) return undefined;
  if (key !== undefined && settings.Issuer === undefined && settings.Audience === undefined) {
    options.logger.warn(
      'A2A:Security:Bearer checks JWT signatures but neither Issuer nor Audience: any token signed by the key is accepted',
    );
  }
  const verifyOptions: JWTVerifyOptions = { clockTolerance: 5 };
  if (settings.Issuer !== undefined) verifyOptions.issuer = settings.Issuer;
  if (settings.Audience !== undefined) verifyOptions.audience = settings.Audience;

  const verifyJwt = async (token: string): Promise<CredentialVerdict> => {
    if (key === undefined || !compactJws.test(token)) return false;
    try {
      const { payload } =
        typeof key === 'function'
          ? await jwtVerify(token, key, verifyOptions)
          : await jwtVerify(token, key, verifyOptions);
      // The issuer and subject name the caller, so a renewed token still owns its tasks.
      return typeof payload.sub === 'string' && payload.sub !== ''
        ? { principal: `${payload.iss ?? ''} ${payload.sub}` }
        : true;
    } catch (error) {
      const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
      options.logger.debug({ code }, 'A2A bearer JWT rejected');
      return false;
    }
  };

  return async (token) => {
    if (hasTokens && matchesAnySecret(token, await tokens())) return true;
    return verifyJwt(token);
  };
}
