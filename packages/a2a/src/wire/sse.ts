/** The SSE event name of each task update of `sendSubscribe`. */
export const A2A_SSE_STATUS_EVENT = 'status';

/** The literal data of the last SSE message of `sendSubscribe`. */
export const A2A_SSE_DONE = '[DONE]';

/** The endpoint paths of the A2A REST dialect. */
export const A2A_PATHS = {
  agentCard: '/.well-known/agent.json',
  send: '/a2a/tasks/send',
  sendSubscribe: '/a2a/tasks/sendSubscribe',
  task: (taskId: string): string => `/a2a/tasks/${encodeURIComponent(taskId)}`,
} as const;
