import { a2aSecuritySettings, a2aSettings } from '@orkeon/a2a/settings';
import { cognitiveMemorySettings } from '@orkeon/cognitive-memory/settings';
import { nistComplianceSettings } from '@orkeon/compliance/settings';
import { coreSettingsSections, type SettingsSection } from '@orkeon/core';
import { dlpSettings } from '@orkeon/dlp/settings';
import { localEmbeddingsSettings } from '@orkeon/embeddings-local';
import { benchmarkingSettings } from '@orkeon/evaluation/settings';
import { eventHubSettings } from '@orkeon/event-hub';
import { postgresEventHubSettings } from '@orkeon/event-hub-postgres/settings';
import { keyRotationSettings } from '@orkeon/key-rotation/settings';
import { mcpSettings } from '@orkeon/mcp/settings';
import { monitoringSettings } from '@orkeon/monitoring/settings';
import { multiModalSettings } from '@orkeon/multimodal/settings';
import { pluginSettings } from '@orkeon/plugins/settings';
import { ragSettings } from '@orkeon/rag';
import { onnxRerankerSettings } from '@orkeon/rag-onnx';
import { raggableTreeSettings } from '@orkeon/raggable-tree';
import { tokenBudgetSettings, toolRateLimitingSettings } from '@orkeon/rate-limiting/settings';
import { postgresCheckpointingSettings } from '@orkeon/store-postgres/settings';
import { sqliteCheckpointingSettings, sqliteMemorySettings } from '@orkeon/store-sqlite';
import { studioSettings } from '@orkeon/studio/settings';
import { shellSettings, toolFamilySettingsSections } from '@orkeon/tools';
import { installedMemoryStorePackages } from './run/memory-store-packages.js';
import { importToolFamilyPackage } from './run/tool-family-packages.js';

/** Every settings section the `orkeon` command judges settings against. */
export const cliSettingsSections: readonly SettingsSection[] = [
  ...coreSettingsSections,
  shellSettings,
  postgresCheckpointingSettings,
  sqliteCheckpointingSettings,
  sqliteMemorySettings,
  cognitiveMemorySettings,
  dlpSettings,
  keyRotationSettings,
  monitoringSettings,
  multiModalSettings,
  nistComplianceSettings,
  localEmbeddingsSettings,
  a2aSettings,
  a2aSecuritySettings,
  mcpSettings,
  ragSettings,
  onnxRerankerSettings,
  raggableTreeSettings,
  eventHubSettings,
  postgresEventHubSettings,
  toolRateLimitingSettings,
  tokenBudgetSettings,
  pluginSettings,
  benchmarkingSettings,
  studioSettings,
];

/**
 * The sections above and those of every installed tool family (`Svc:Tools:*`) and memory
 * store package (`Svc:Memory:*`), so their settings are judged at start too. Only the
 * packages' entry points load here; their libraries wait until something uses them.
 */
export async function loadCliSettingsSections(): Promise<SettingsSection[]> {
  const known = new Set(cliSettingsSections.map((section) => section.path.toLowerCase()));
  const families = await toolFamilySettingsSections({ load: importToolFamilyPackage });
  const memoryStores = (await installedMemoryStorePackages()).flatMap((descriptor) => descriptor.settingsSections);
  return [
    ...cliSettingsSections,
    ...[...families, ...memoryStores].filter((section) => !known.has(section.path.toLowerCase())),
  ];
}
