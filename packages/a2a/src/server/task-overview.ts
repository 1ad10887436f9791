import { A2ATaskStoreService } from '../persistence/a2a-task-store.js';
import type { V1TaskRecord } from '../v1/server/v1-task-store.js';
import type { A2AScopeSource } from './a2a-server-options.js';
import type { RunningTasks } from './running-tasks.js';

/** One task of `A2AServer.taskOverview()`. @experimental SVCEXP001 */
export interface A2ATaskOverview {
  readonly id: string;
  /** `v1`: A2A v1.0 (JSON-RPC, HTTP+JSON, gRPC); `seed`: `/a2a/tasks/send` and `sendSubscribe`. */
  readonly dialect: 'v1' | 'seed';
  /** v1.0 tasks only. */
  readonly contextId?: string;
  readonly skillId: string;
  /** The dialect's own state: `TASK_STATE_COMPLETED` (v1.0), `Completed` (seed). */
  readonly state: string;
  readonly createdAt: string;
  readonly updatedAt?: string;
}

/** Every task of both dialects, newest first: the v1.0 records, the seed records of the task store, the seed tasks running. */
export async function taskOverview(
  v1Records: readonly V1TaskRecord[],
  services: A2AScopeSource,
  running: RunningTasks,
): Promise<A2ATaskOverview[]> {
  const v1: A2ATaskOverview[] = v1Records.map((record) => ({
    id: record.task.id,
    dialect: 'v1',
    contextId: record.task.contextId,
    skillId: record.skillId,
    state: record.task.status.state,
    createdAt: record.createdAt,
    ...(record.task.status.timestamp === undefined ? {} : { updatedAt: record.task.status.timestamp }),
  }));
  const seed = await seedTaskOverview(services, running);
  return [...v1, ...seed].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

async function seedTaskOverview(services: A2AScopeSource, running: RunningTasks): Promise<A2ATaskOverview[]> {
  const scope = services.createScope();
  try {
    const stored = (await scope.tryGet(A2ATaskStoreService)?.list?.()) ?? [];
    const listed: A2ATaskOverview[] = stored.map((record) => ({
      id: record.taskId,
      dialect: 'seed',
      skillId: record.skillId,
      state: record.status,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
    }));
    const known = new Set(listed.map((task) => task.id));
    // Running tasks not (yet) in the store: all of them when task persistence is off.
    for (const task of running.list())
      if (task.dialect === 'seed' && !known.has(task.taskId))
        listed.push({
          id: task.taskId,
          dialect: 'seed',
          skillId: task.skillId,
          state: 'Working',
          createdAt: task.startedAt,
        });
    return listed;
  } finally {
    await scope.dispose();
  }
}
