import { type FileSystem, type MultiModalPart, serviceToken } from '@orkeon/core';
import type { ContentValidator } from './content-validation.js';
import { MultiModalError } from './multimodal-error.js';

/**
 * Reads images through the virtual file system, with its mounts and rights: the file is
 * judged by its bytes (a PNG named `photo.jpg` is sent as a PNG) and checked against
 * `Svc:MultiModal` before it becomes an image part.
 */
export class MultiModalContentLoader {
  readonly #files: FileSystem;
  readonly #validator: ContentValidator;

  constructor(files: FileSystem, validator: ContentValidator) {
    this.#files = files;
    this.#validator = validator;
  }

  /** The image at `virtualPath` as a checked part (base64); throws `MultiModalError` naming the path and the reason. */
  async loadImage(virtualPath: string): Promise<MultiModalPart> {
    const read = await this.#files.readBytes(virtualPath);
    if (!read.ok)
      throw new MultiModalError(
        'MULTIMODAL_ATTACHMENT_UNREADABLE',
        `The image ${virtualPath} cannot be read (${read.code}): ${read.message}`,
      );
    const checked = this.#validator.validate({ type: 'image', data: read.value, name: virtualPath });
    if (!checked.valid) throw new MultiModalError(checked.code, checked.problem);
    return checked.part;
  }
}

/** The loader `addSvcMultiModal` registers (over the agents' view of the file system). */
export const MultiModalContentLoaderService = serviceToken<MultiModalContentLoader>('MultiModal.ContentLoader');
