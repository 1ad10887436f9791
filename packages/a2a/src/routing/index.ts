export { A2ATaskRouter, type A2ATaskRouterOptions, A2ATaskRouterService } from './a2a-task-router.js';
export { delegationChainKey, delegationChainOf, routerInstanceId, withDelegationChain } from './delegation-chain.js';
export { normalizeA2ATaskRequest } from './normalize-request.js';
export { type A2ARemoteSender, A2ARemoteSenderService } from './remote-sender.js';
