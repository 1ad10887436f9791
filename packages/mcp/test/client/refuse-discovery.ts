import type { DualEraDispatcher } from '../../src/index.js';

/** Makes a dual-era dispatcher answer `server/discover` with -32601, as a legacy-only server does. */
export function refuseDiscovery(dispatcher: DualEraDispatcher): void {
  const dispatch = dispatcher.dispatch.bind(dispatcher);
  dispatcher.dispatch = async (incoming, exchange) => {
    if (incoming.kind === 'request' && incoming.message.method === 'server/discover')
      return {
        response: {
          jsonrpc: '2.0',
          id: incoming.message.id,
          error: { code: -32601, message: 'Method not found' },
        },
        httpStatus: 200,
      };
    return dispatch(incoming, exchange);
  };
}
