import { createHash } from 'node:crypto';

/** What the A2A server tells an agent of the conversation a task belongs to. */
export interface A2AConversation {
  readonly contextId: string;
  readonly caller: string;
  readonly tenant: string;
}

const threadIdPattern = /^[A-Za-z0-9][A-Za-z0-9_.:@+=-]{0,199}$/;

function digest(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/**
 * The thread an A2A conversation continues under `orkeon serve`: the context id names the
 * thread, and the caller with its tenant is the resource (a digest, so that no credential
 * detail is kept in a key), so a caller never continues another's context, whatever id it sends.
 */
export function threadOfA2AConversation(conversation: A2AConversation): { thread: string; resource: string } {
  const { contextId, caller, tenant } = conversation;
  return {
    thread: threadIdPattern.test(contextId) ? contextId : `context:${digest(contextId, 40)}`,
    resource: `a2a:${digest(`${caller}\n${tenant}`, 32)}`,
  };
}
