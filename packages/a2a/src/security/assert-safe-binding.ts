import { isIP } from 'node:net';
import { A2AUnsafeBindingError } from './a2a-security-errors.js';
import { type A2ASecuritySettingsInput, resolveA2ASecuritySettings } from './a2a-security-settings.js';

/** The host part of `host`, which may be a bare name, an address, `[::1]`, or a URL such as `http://localhost`. */
function hostName(host: string): string {
  const text = host.trim();
  const name = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) && URL.canParse(text) ? new URL(text).hostname : text;
  return name.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/** True for `localhost` (and `*.localhost`), `127.0.0.0/8` and `::1`. */
export function isLoopbackHost(host: string): boolean {
  const name = hostName(host);
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  if (isIP(name) === 6) return name === '::1' || name === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(name);
  return false;
}

/**
 * Refuses (throws `A2AUnsafeBindingError`) to listen beyond loopback when neither
 * credentials (`AllowedAuthSchemes`) nor mutual TLS (`RequireMutualTls`) are configured.
 * An empty host or a wildcard (`0.0.0.0`, `::`) counts as beyond loopback.
 *
 * @experimental SVCEXP001
 */
export function assertSafeBinding(host: string, settings: A2ASecuritySettingsInput = {}): void {
  if (isLoopbackHost(host)) return;
  const resolved = resolveA2ASecuritySettings(settings);
  if (resolved.RequireMutualTls || resolved.AllowedAuthSchemes.length > 0) return;
  throw new A2AUnsafeBindingError(host);
}
