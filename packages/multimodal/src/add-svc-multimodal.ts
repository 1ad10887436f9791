import {
  type Configuration,
  MultiModalContentService,
  type ServiceCollection,
  VirtualFileSystemService,
} from '@orkeon/core';
import { ContentValidationService, ContentValidator } from './content-validation.js';
import { MultiModalContentLoader, MultiModalContentLoaderService } from './multimodal-content-loader.js';
import { multiModalSettings } from './multimodal-settings.js';
import { VisionMultiModalContent } from './vision-content.js';

/**
 * Enables multimodal content from `Svc:MultiModal` (read and checked now, so a bad setting
 * refuses the start): prompts may carry attachments (a task's `attachments`, an agent run's,
 * `complete`/`act`'s), images are read through the file system and judged by their bytes,
 * and images reach the vision-capable providers through the AI SDK, as do the images of
 * rich tool results (`toolContent`, MCP tools). Registers with `tryAdd`, so a host's own
 * parts stay: the validator (`ContentValidationService`), the image loader
 * (`MultiModalContentLoaderService`) and the port the runtime uses
 * (`MultiModalContentService`). Never registered implicitly; `orkeon run` and
 * `orkeon serve` call it when the `Svc:MultiModal` section is present. Beta.
 */
export function addSvcMultiModal(services: ServiceCollection, configuration: Configuration): ServiceCollection {
  const settings = configuration.get(multiModalSettings);
  services.tryAddSingleton(ContentValidationService, () => new ContentValidator(settings));
  services.tryAddSingleton(
    MultiModalContentLoaderService,
    (resolver) =>
      new MultiModalContentLoader(
        resolver.get(VirtualFileSystemService).agentView(),
        resolver.get(ContentValidationService),
      ),
  );
  services.tryAddSingleton(
    MultiModalContentService,
    (resolver) =>
      new VisionMultiModalContent(
        settings,
        resolver.get(ContentValidationService),
        resolver.get(MultiModalContentLoaderService),
      ),
  );
  return services;
}
