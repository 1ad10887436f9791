import type { ClientOptions, PriorDiscovery } from '@modelcontextprotocol/client';
import { legacyProtocolVersions, modernProtocolVersions } from '../protocol/revisions.js';

/**
 * The longest wait for the `server/discover` probe before a stdio server is taken for
 * a legacy one (some legacy servers never answer an unknown method). A slow modern
 * server then gets `initialize` on the same process, which the dual-era servers of
 * the v2 SDK answer too.
 */
export const maxProbeMilliseconds = 5_000;

/** How one connection settles its revision, as the SDK's client and `connect` take it. */
export interface NegotiationPlan {
  readonly supportedProtocolVersions: string[];
  readonly versionNegotiation?: ClientOptions['versionNegotiation'];
  /** Given: no probe, the plain `initialize` handshake. */
  readonly prior?: PriorDiscovery;
  /** A server that exits on the probe may be started again with `initialize` alone. */
  readonly mayRetryWithoutProbe: boolean;
  /** The requests of the handshake, as an error names them. */
  readonly handshake: string;
}

/**
 * The plan for a server entry. `pinned` is its `ProtocolVersion`: a legacy revision
 * skips the probe and is the only one offered and accepted; the modern one is the
 * SDK's pin mode (`server/discover` must offer it, no fallback), since only that
 * answer carries the server's capabilities and identity in that era. Absent, the
 * SDK's `auto` mode; `withoutProbe` (a server known to exit on the probe) is
 * `initialize` over every legacy revision.
 */
export function negotiationPlan(options: {
  pinned: string | undefined;
  withoutProbe: boolean;
  timeoutMilliseconds: number;
}): NegotiationPlan {
  const { pinned, timeoutMilliseconds } = options;
  if (pinned !== undefined && legacyProtocolVersions.includes(pinned))
    return {
      supportedProtocolVersions: [pinned],
      prior: { kind: 'legacy' },
      mayRetryWithoutProbe: false,
      handshake: 'the handshake (initialize)',
    };
  if (pinned !== undefined)
    // The server is declared modern: its probe gets the whole time-out, as any request does.
    return {
      supportedProtocolVersions: [pinned],
      versionNegotiation: { mode: { pin: pinned }, probe: { timeoutMs: timeoutMilliseconds } },
      mayRetryWithoutProbe: false,
      handshake: 'the handshake (server/discover)',
    };
  if (options.withoutProbe)
    return {
      supportedProtocolVersions: [...legacyProtocolVersions],
      prior: { kind: 'legacy' },
      mayRetryWithoutProbe: false,
      handshake: 'the handshake (initialize)',
    };
  return {
    supportedProtocolVersions: [...modernProtocolVersions, ...legacyProtocolVersions],
    versionNegotiation: {
      mode: 'auto',
      probe: { timeoutMs: Math.min(timeoutMilliseconds, maxProbeMilliseconds) },
    },
    mayRetryWithoutProbe: true,
    handshake: 'the handshake (server/discover, then initialize)',
  };
}
