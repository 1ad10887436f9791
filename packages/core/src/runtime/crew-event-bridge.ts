import type { CrewEvent } from '../process/crew-events.js';
import type { RunScope } from './run-scope.js';

/**
 * Puts a process's event on the run's bus: `task.started` as is; a settled task as
 * `task.completed` with `success`, its tokens and tool calls (a failure also as a
 * recoverable `error`); the graph process's node ends and breaker trips as they are,
 * without the graph's checkpoint. The process's own start and end are left out: the
 * runtime sends `run.started` and `run.finished` itself, around planning and checkpointing.
 */
export function bridgeCrewEvent(scope: RunScope, event: CrewEvent): void {
  switch (event.kind) {
    case 'task.started':
      scope.emit({
        kind: 'task.started',
        agentId: event.agentId,
        taskId: event.taskId,
        agentRole: event.agentRole,
        attempt: event.attempt,
      });
      return;
    case 'task.assigned':
      // The manager's routing, as the delegation it is.
      scope.emit({
        kind: 'delegation.started',
        agentId: event.managerId,
        toAgentId: event.agentId,
        toRole: event.agentRole,
        mode: 'delegate',
        depth: 1,
        reason: event.reason,
        taskId: event.taskId,
      });
      return;
    case 'task.completed': {
      const toolCalls = scope.toolCallsByTask.get(event.taskId);
      scope.emit({
        kind: 'task.completed',
        agentId: event.agentId,
        taskId: event.taskId,
        agentRole: event.agentRole,
        success: event.skipped !== true,
        durationMs: event.durationMs,
        tokens: event.usage?.totalTokens,
        toolCalls: event.skipped === true || event.reused === true ? undefined : (toolCalls ?? 0),
        skipped: event.skipped,
        reused: event.reused,
        reason: event.reason,
        output: event.output,
      });
      return;
    }
    case 'task.failed': {
      const seq = scope.emit({
        kind: 'task.completed',
        agentId: event.agentId,
        taskId: event.taskId,
        agentRole: event.agentRole,
        success: false,
        durationMs: event.durationMs,
        toolCalls: scope.toolCallsByTask.get(event.taskId) ?? 0,
        output: event.output,
        error: event.error,
      });
      scope.emit({
        kind: 'error',
        agentId: event.agentId,
        taskId: event.taskId,
        code: event.error.code,
        message: event.error.message,
        recoverable: true,
        causationId: seq,
      });
      return;
    }
    case 'graph.node.completed': {
      // The checkpoint is the graph's whole state: the store keeps it, the bus does not.
      const { crew: _crew, checkpoint: _checkpoint, ...node } = event;
      scope.emit(node);
      return;
    }
    case 'graph.breaker.tripped': {
      const { crew: _crew, ...trip } = event;
      scope.emit(trip);
      return;
    }
    default:
      return;
  }
}
