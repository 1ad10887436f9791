import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

/**
 * `spawn_agent` refused a helper: it would be the spawning agent itself or one above it
 * (`AUTONOMOUS_SPAWN_RECURSIVE`), or it asked for a tool the spawner lacks
 * (`AUTONOMOUS_SPAWN_TOOL_DENIED`). The spawning agent reads the message as the tool's answer.
 */
export class AgentSpawnRefusedError extends OrkeonError<CoreErrorCode> {}
