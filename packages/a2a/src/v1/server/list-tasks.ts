import { V1ProtocolError } from '../wire/protocol-error.js';
import { type V1ListTasksRequest, v1ListTasksPageSize } from '../wire/requests.js';
import type { V1Task } from '../wire/task.js';
import { taskView } from './task-view.js';
import type { V1TaskRecord } from './v1-task-store.js';

/** `ListTasks`' answer: one page, newest status first. */
export interface V1ListTasksResponse {
  readonly tasks: V1Task[];
  /** `""` on the last page. */
  readonly nextPageToken: string;
  readonly pageSize: number;
  readonly totalSize: number;
}

/**
 * One page of the tasks that pass the filters (`contextId`, `status`,
 * `statusTimestampAfter` inclusive), ordered by status time, newest first, then by id.
 * The page token is the position after the last task of the page (its status time and
 * id), so a page is stable while tasks are added. Artifacts only with `includeArtifacts`.
 */
export function listTaskPage(records: readonly V1TaskRecord[], request: V1ListTasksRequest): V1ListTasksResponse {
  const after = request.statusTimestampAfter === undefined ? undefined : Date.parse(request.statusTimestampAfter);
  const matching = records
    .map((record) => record.task)
    .filter(
      (task) =>
        (request.contextId === undefined || task.contextId === request.contextId) &&
        (request.status === undefined || task.status.state === request.status) &&
        (after === undefined || timeOf(task) >= after),
    )
    .sort((a, b) => timeOf(b) - timeOf(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const start =
    request.pageToken === undefined || request.pageToken === '' ? 0 : startAfter(matching, request.pageToken);
  const pageSize = request.pageSize ?? v1ListTasksPageSize.default;
  const page = matching.slice(start, start + pageSize);
  const last = page.at(-1);
  const more = start + pageSize < matching.length && last !== undefined;
  return {
    tasks: page.map((task) =>
      taskView(task, { historyLength: request.historyLength, includeArtifacts: request.includeArtifacts === true }),
    ),
    nextPageToken: more ? pageToken(last) : '',
    pageSize,
    totalSize: matching.length,
  };
}

function timeOf(task: V1Task): number {
  const time = Date.parse(task.status.timestamp ?? '');
  return Number.isNaN(time) ? 0 : time;
}

function pageToken(task: V1Task): string {
  return Buffer.from(JSON.stringify([timeOf(task), task.id])).toString('base64url');
}

/** The index of the first task after the token's position (tasks may have changed meanwhile). */
function startAfter(tasks: readonly V1Task[], token: string): number {
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    position = undefined;
  }
  if (!Array.isArray(position) || typeof position[0] !== 'number' || typeof position[1] !== 'string')
    throw new V1ProtocolError(
      'InvalidParams',
      'pageToken is not one this server gave: pass the nextPageToken of the previous page, or none for the first page.',
    );
  const [time, id] = position as [number, string];
  const index = tasks.findIndex((task) => timeOf(task) < time || (timeOf(task) === time && task.id > id));
  return index === -1 ? tasks.length : index;
}
