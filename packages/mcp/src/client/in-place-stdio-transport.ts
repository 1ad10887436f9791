import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/**
 * The SDK's stdio transport, under a name of its own. The SDK runs the
 * `server/discover` probe of the base class on a disposable copy of the process
 * and then starts the real one, so every server would start twice per
 * connection; a subclass is probed in place, on the process that then serves
 * (documented in the SDK's `VersionNegotiationMode`). Nothing else differs.
 */
export class InPlaceStdioTransport extends StdioClientTransport {}
