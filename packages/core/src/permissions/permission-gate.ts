import { serviceToken } from '../services/service-token.js';
import type { CallerIdentity, ToolAccess } from '../tools/tool.js';
import { UnknownPermissionModeError, unknownPermissionModeMessage } from './permission-errors.js';
import { isPermissionMode, type PermissionMode } from './permission-mode.js';
import { classifyTool, describeToolClass, type ToolClass } from './tool-classification.js';

export type PermissionVerdict =
  | { readonly action: 'allow' }
  | { readonly action: 'deny'; readonly reason: string }
  | { readonly action: 'ask'; readonly reason: string };

/**
 * What the gate decided on one call, for the audit trail: allowed or denied by the mode, or
 * asked and approved, refused, or left unanswered (no channel, or the channel failed).
 */
export interface PermissionGateDecision {
  readonly tool: string;
  readonly mode: PermissionMode;
  readonly verdict: 'allow' | 'deny' | 'approved' | 'refused' | 'unanswered';
  readonly caller: CallerIdentity;
}

/** What an interactive channel is asked to approve. */
export interface PermissionRequest {
  readonly tool: string;
  readonly toolClass: ToolClass;
  readonly mode: PermissionMode;
  readonly reason: string;
  /** The call's arguments, for a person to judge. Never logged or audited. */
  readonly input: unknown;
  readonly caller: CallerIdentity;
}

/**
 * The interactive channel: a callback the host provides (the CLI prompts on a
 * terminal). Resolves true to allow the call.
 */
export type PermissionPrompt = (request: PermissionRequest) => Promise<boolean>;

/**
 * Decides, per tool call, whether it may run. Registered only by
 * `addSvcPermissionGate` with `Svc:Security:PermissionGate:Enabled = true`.
 */
export class PermissionGate {
  readonly defaultMode: PermissionMode;
  readonly interactive: boolean;

  /** Throws `UnknownPermissionModeError` for a `defaultMode` that is not a permission mode. */
  constructor(options: { defaultMode?: PermissionMode; interactive?: boolean } = {}) {
    const mode: unknown = options.defaultMode ?? 'default';
    if (!isPermissionMode(mode)) throw new UnknownPermissionModeError(mode);
    this.defaultMode = mode;
    this.interactive = options.interactive ?? true;
  }

  /** A mode that is not a permission mode (`'PLAN'`, `'yolo'`) is a denial naming the modes, never an exception. */
  check(tool: string, access: ToolAccess, mode: PermissionMode = this.defaultMode): PermissionVerdict {
    if (!isPermissionMode(mode)) return { action: 'deny', reason: unknownPermissionModeMessage(mode) };
    const toolClass = classifyTool(tool, access);
    const what = `'${tool}' ${describeToolClass(toolClass)}`;
    switch (mode) {
      case 'bypassPermissions':
        return { action: 'allow' };
      case 'plan':
        return toolClass === 'read'
          ? { action: 'allow' }
          : { action: 'deny', reason: `${what}, and plan mode allows only reads.` };
      case 'acceptEdits':
        return toolClass === 'read' || toolClass === 'edit'
          ? { action: 'allow' }
          : { action: 'ask', reason: `${what}; acceptEdits mode asks before anything beyond reads and file edits.` };
      case 'default':
        return { action: 'ask', reason: `${what}; default mode asks before every tool call.` };
    }
  }
}

export const PermissionGateService = serviceToken<PermissionGate>('PermissionGate');
export const PermissionPromptService = serviceToken<PermissionPrompt>('PermissionPrompt');
