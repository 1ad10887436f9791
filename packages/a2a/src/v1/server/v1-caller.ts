import type { V1TaskRecord } from './v1-task-store.js';

/**
 * Who asks, as the task records are scoped: the identity a security check gave the
 * caller (`anonymous` on an open server) within the request's `tenant` (empty when none).
 * A caller sees, continues, cancels and follows its own tasks only.
 */
export interface V1Caller {
  readonly identity: string;
  readonly tenant: string;
}

/** The caller a record belongs to; a record written before owners were recorded is anonymous and of no tenant. */
export function ownerOf(record: V1TaskRecord): V1Caller {
  return { identity: record.owner ?? 'anonymous', tenant: record.tenant ?? '' };
}

/** Whether `caller` may see the task of `record`. */
export function isVisibleTo(record: V1TaskRecord, caller: V1Caller): boolean {
  const owner = ownerOf(record);
  return owner.identity === caller.identity && owner.tenant === caller.tenant;
}

/** The caller of a request: `tenant` read from its parameters (a string, else none). */
export function callerOf(identity: string, params: unknown): V1Caller {
  const tenant =
    typeof params === 'object' && params !== null && typeof (params as { tenant?: unknown }).tenant === 'string'
      ? (params as { tenant: string }).tenant
      : '';
  return { identity, tenant };
}
