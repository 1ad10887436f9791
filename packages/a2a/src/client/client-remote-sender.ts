import type { A2ARemoteSender } from '../routing/remote-sender.js';
import type { A2ASecuritySettingsInput } from '../security/a2a-security-settings.js';
import { A2AClient } from './a2a-client.js';

/**
 * The router's remote sender over the A2A client: one client per remote base
 * address, with the host's `A2A:Security` (trusted CAs, client certificate,
 * credentials).
 *
 * @experimental SVCEXP001
 */
export function clientRemoteSender(security: A2ASecuritySettingsInput = {}): A2ARemoteSender {
  const clients = new Map<string, A2AClient>();
  return (registration, request, signal) => {
    let client = clients.get(registration.url);
    if (client === undefined) {
      client = new A2AClient(registration.url, { security });
      clients.set(registration.url, client);
    }
    return client.send(request, { signal });
  };
}
