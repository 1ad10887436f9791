import type { A2ARemoteSender } from '../routing/remote-sender.js';
import type { A2ASecuritySettingsInput } from '../security/a2a-security-settings.js';
import { A2AClient } from './a2a-client.js';
import { v1RemoteSender } from './v1/v1-remote-sender.js';

/**
 * The router's remote sender over the A2A clients: an agent with a v1.0 interface is
 * called over A2A v1.0 (`A2AV1Client`), any other over the seed dialect (`A2AClient`);
 * one client per address, with the host's `A2A:Security` (trusted CAs, client
 * certificate, credentials).
 *
 * @experimental SVCEXP001
 */
export function clientRemoteSender(security: A2ASecuritySettingsInput = {}): A2ARemoteSender {
  const clients = new Map<string, A2AClient>();
  const v1 = v1RemoteSender(security);
  return (registration, request, signal, task) => {
    if (registration.v1 !== undefined) return v1(registration, request, signal, task);
    let client = clients.get(registration.url);
    if (client === undefined) {
      client = new A2AClient(registration.url, { security });
      clients.set(registration.url, client);
    }
    return client.send(request, { signal });
  };
}
