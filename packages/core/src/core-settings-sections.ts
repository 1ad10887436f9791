import { auditSettings } from './audit/audit-settings.js';
import type { SettingsSection } from './config/settings-section.js';
import { consensusVotingSettings } from './consensus/consensus-settings.js';
import { conversationSettings } from './conversations/conversation-settings.js';
import { crewMemorySettings } from './crew-memory/crew-memory-settings.js';
import { crewExecutionStatePersistenceSettings } from './execution-state/execution-state-settings.js';
import {
  guardianSettings,
  promptSecuritySettings,
  toolResultSecuritySettings,
  urlSecuritySettings,
} from './guardian/guardian-settings.js';
import { consoleStreamingSettings } from './llm/console-streaming.js';
import { llmSettings } from './llm/llm-settings.js';
import { loggingSettings } from './logging/logging-settings.js';
import { encryptionSettings } from './memory/encryption-settings.js';
import { memorySettings } from './memory/memory-settings.js';
import { outputValidationSettings } from './output-validation/output-validation-settings.js';
import { permissionGateSettings } from './permissions/permission-gate-settings.js';
import { telemetrySettings } from './telemetry/telemetry-settings.js';
import { delegationSettings } from './tools/collaboration/delegation-settings.js';
import { fileSystemSettings } from './vfs/file-system-settings.js';

/** The settings sections `@orkeon/core` knows. Other packages export their own. */
export const coreSettingsSections: readonly SettingsSection[] = [
  loggingSettings,
  llmSettings,
  fileSystemSettings,
  permissionGateSettings,
  consoleStreamingSettings,
  telemetrySettings,
  crewExecutionStatePersistenceSettings,
  delegationSettings,
  consensusVotingSettings,
  conversationSettings,
  memorySettings,
  crewMemorySettings,
  encryptionSettings,
  guardianSettings,
  promptSecuritySettings,
  toolResultSecuritySettings,
  urlSecuritySettings,
  auditSettings,
  outputValidationSettings,
];
