import { v1ProtocolVersion } from '../server/agent-card-v1.js';

/** Where the gRPC binding listens. @experimental SVCEXP001 */
export interface A2AGrpcAddress {
  readonly host: string;
  readonly port: number;
  /** `host:port` (`[host]:port` for an IPv6 address): what a gRPC client dials and the card lists. */
  readonly target: string;
}

/** `host:port`, with an IPv6 address in brackets. */
export function grpcTarget(host: string, port: number): string {
  return `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

/**
 * The agent card's `supportedInterfaces` entry of the gRPC binding: its `url` is
 * `host:port` (gRPC has no scheme or path), binding `GRPC`, protocol version 1.0.
 *
 * @experimental SVCEXP001
 */
export function grpcAgentInterface(address: { readonly host: string; readonly port: number }): {
  readonly url: string;
  readonly protocolBinding: 'GRPC';
  readonly protocolVersion: string;
} {
  return { url: grpcTarget(address.host, address.port), protocolBinding: 'GRPC', protocolVersion: v1ProtocolVersion };
}
