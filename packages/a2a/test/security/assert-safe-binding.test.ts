import { Configuration } from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../src/security/assert-safe-binding.js';
import { A2AUnsafeBindingError, a2aSecuritySettings, assertSafeBinding } from '../../src/security/index.js';

describe('assertSafeBinding', () => {
  it('allows loopback hosts without protection', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      '127.0.0.2',
      '::1',
      '[::1]',
      'http://localhost',
      'https://127.0.0.1:5002',
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
      expect(() => assertSafeBinding(host, {})).not.toThrow();
    }
  });

  it('refuses other hosts and wildcards without credentials or mutual TLS', () => {
    for (const host of ['0.0.0.0', '::', '', '10.0.0.5', 'agent.example.com', 'http://0.0.0.0']) {
      expect(isLoopbackHost(host), host).toBe(false);
      expect(() => assertSafeBinding(host, {}), host).toThrow(A2AUnsafeBindingError);
    }
  });

  it('allows other hosts once credentials or mutual TLS are configured', () => {
    expect(() => assertSafeBinding('0.0.0.0', { AllowedAuthSchemes: ['ApiKey'] })).not.toThrow();
    expect(() => assertSafeBinding('0.0.0.0', { RequireMutualTls: true })).not.toThrow();
  });
});

describe('A2A:Security settings', () => {
  it('binds with defaults and validates thumbprints', () => {
    const configuration = Configuration.fromObject(
      { A2A: { Security: { TrustedClientCertificateThumbprints: ['ab'.repeat(32), 'AB:'.repeat(31).concat('AB')] } } },
      [a2aSecuritySettings],
    );
    const settings = configuration.get(a2aSecuritySettings);
    expect(settings.RequireMutualTls).toBe(false);
    expect(settings.AllowedAuthSchemes).toEqual([]);
    expect(settings.ApiKey).toEqual({ HeaderName: 'X-API-Key', Keys: [] });
    expect(() =>
      Configuration.fromObject({ A2A: { Security: { TrustedClientCertificateThumbprints: ['abc'] } } }, [
        a2aSecuritySettings,
      ]),
    ).toThrow(/TrustedClientCertificateThumbprints:0/);
  });

  it('keeps API keys and client credentials out of error messages', () => {
    let message = '';
    try {
      Configuration.fromObject(
        {
          A2A: {
            Security: {
              ApiKey: { Keys: ['super-secret-key-1'] },
              ClientApiKey: 'client-secret-2',
              RequireMutualTls: 'x',
            },
          },
        },
        [a2aSecuritySettings],
      );
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/RequireMutualTls/);
    expect(message).not.toContain('super-secret-key-1');
    expect(message).not.toContain('client-secret-2');
  });
});
