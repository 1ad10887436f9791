import { randomUUID } from 'node:crypto';
import { delegationChainKey } from '../../routing/delegation-chain.js';
import type { A2ARemoteSender } from '../../routing/remote-sender.js';
import type { A2ASecuritySettingsInput } from '../../security/a2a-security-settings.js';
import { textOfParts as textOf, type V1Message } from '../../v1/wire/message.js';
import type { V1Task } from '../../v1/wire/task.js';
import { isoTimestamp } from '../../wire/iso-timestamp.js';
import type { A2ATaskResult } from '../../wire/task-result.js';
import { A2AV1Client } from './a2a-v1-client.js';

/**
 * Sends a routed task to a remote A2A v1.0 (or 0.3) agent through `A2AV1Client`: the input as a text message naming the
 * skill (`metadata.skillId`), blocking until the task stops. A question of the remote
 * agent (`INPUT_REQUIRED`) is put to this task's own caller when it can ask one, and the
 * answer sent back on the remote task; otherwise the task fails saying what was asked.
 */
export function v1RemoteSender(security: A2ASecuritySettingsInput): A2ARemoteSender {
  const clients = new Map<string, A2AV1Client>();
  return async (registration, request, signal, task) => {
    const endpoint = registration.v1;
    if (endpoint === undefined) throw new Error(`Skill '${registration.id}' has no A2A v1.0 interface.`);
    const key = `${endpoint.protocolBinding} ${endpoint.url} ${endpoint.tenant ?? ''}`;
    let client = clients.get(key);
    if (client === undefined) {
      // The routed task's own signal (A2A:RequestTimeoutSeconds) bounds each call, not the client's 30 s default.
      client = new A2AV1Client(endpoint, { security, timeoutMilliseconds: 24 * 3_600_000 });
      clients.set(key, client);
    }
    let message: V1Message = {
      messageId: randomUUID(),
      role: 'ROLE_USER',
      parts: [{ text: request.input }],
      // The routers it passed through travel with it (the delegation chain).
      metadata: {
        skillId: registration.id,
        ...(request.metadata?.[delegationChainKey] === undefined
          ? {}
          : { [delegationChainKey]: request.metadata[delegationChainKey] }),
      },
    };
    for (;;) {
      const answer = await client.sendMessage({ message }, { signal });
      if ('message' in answer) return result(request.id, 'Completed', { output: textOf(answer.message.parts) });
      const remote = answer.task;
      const state = remote.status.state;
      if (state !== 'TASK_STATE_INPUT_REQUIRED' && state !== 'TASK_STATE_AUTH_REQUIRED')
        return outcome(request.id, remote);
      const question = textOf(remote.status.message?.parts ?? []);
      const asked = state === 'TASK_STATE_INPUT_REQUIRED' ? await task?.requestInput?.(question, signal) : undefined;
      if (asked?.answered !== true) {
        // Nobody will answer: the remote task is not left waiting.
        await client.cancelTask({ id: remote.id }).catch(() => undefined);
        return result(request.id, 'Failed', {
          error: `The remote agent for skill '${registration.id}' asks ${state === 'TASK_STATE_AUTH_REQUIRED' ? 'for authentication' : 'for input'} (“${question}”), and ${asked === undefined ? 'no one here can answer it' : `no answer came: ${asked.reason}`}.`,
        });
      }
      message = {
        messageId: randomUUID(),
        role: 'ROLE_USER',
        taskId: remote.id,
        contextId: remote.contextId,
        parts: [{ text: asked.value }],
      };
    }
  };
}

function outcome(taskId: string, remote: V1Task): A2ATaskResult {
  const state = remote.status.state;
  if (state === 'TASK_STATE_COMPLETED')
    return result(taskId, 'Completed', {
      output: (remote.artifacts ?? []).map((artifact) => textOf(artifact.parts)).join('\n'),
    });
  if (state === 'TASK_STATE_CANCELED')
    return result(taskId, 'Cancelled', { error: 'The remote agent cancelled the task.' });
  const reason = textOf(remote.status.message?.parts ?? []);
  return result(taskId, 'Failed', {
    error: `The remote agent ended the task ${state}${reason === '' ? '' : `: ${reason}`}`,
  });
}

function result(
  taskId: string,
  status: A2ATaskResult['status'],
  fields: { output?: string; error?: string },
): A2ATaskResult {
  return { taskId, status, timestamp: isoTimestamp(Date.now()), ...fields };
}
