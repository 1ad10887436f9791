import type { HumanInputAsker } from '../human-input/human-input-asker.js';
import type { ChatModel } from '../llm/chat-model.js';
import { serviceToken } from '../services/service-token.js';
import type { Tool } from '../tools/tool.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import type { FileSystem } from '../vfs/file-system.js';
import type { RunEventListener } from './run-events.js';

/** The file system of the runtime (host view, internal mounts included); tools get its agent view. */
export const VirtualFileSystemService = serviceToken<FileSystem>('FileSystem');

/** The tools every run can name. Built from the file tools and every `ToolService` registration. */
export const ToolRegistryService = serviceToken<ToolRegistry>('ToolRegistry');

/** A tool offered to every run; register several (`services.addInstance(ToolService, tool)`), each is added. */
export const ToolService = serviceToken<Tool>('Tool');

/**
 * Builds the model an agent names by id (`llm.model` in YAML) when it differs from
 * the default model. `@orkeon/providers`' `addSvcLlm` registers one from the `Llm` settings.
 */
export type ChatModelFactory = (modelId: string) => ChatModel;
export const ChatModelFactoryService = serviceToken<ChatModelFactory>('ChatModelFactory');

/** Receives every event of every run of the runtime; several may be registered. */
export const RunEventListenerService = serviceToken<RunEventListener>('RunEventListener');

/** An exporter the runtime starts with itself and flushes when disposed (`@orkeon/telemetry`'s `addSvcTelemetry`). */
export interface TelemetryExporter {
  shutdown(): Promise<void>;
}
export const TelemetryExporterService = serviceToken<TelemetryExporter>('TelemetryExporter');

/** The runtime's side of the human-input channel (ids, `input.needed`, refusals); built by `createRuntime`. */
export const HumanInputAskerService = serviceToken<HumanInputAsker>('HumanInputAsker');
