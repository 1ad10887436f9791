// @orkeon/multimodal: attachments and the media of tool results, checked and sent to vision-capable providers.
export { addSvcMultiModal } from './add-svc-multimodal.js';
export {
  type ContentValidation,
  ContentValidationService,
  ContentValidator,
  type MultiModalContentInput,
} from './content-validation.js';
export { type MultiModalErrorCode, multiModalErrorCodes } from './errors/error-codes.js';
export { type MediaSignature, mediaSignature, wavDurationSeconds } from './media-signature.js';
export { MultiModalContentLoader, MultiModalContentLoaderService } from './multimodal-content-loader.js';
export { MultiModalError, MultiModalNotSupportedError } from './multimodal-error.js';
export {
  type AudioFormat,
  audioFormats,
  type ImageFormat,
  imageFormats,
  type MultiModalSettings,
  multiModalSettings,
} from './multimodal-settings.js';
export { VisionMultiModalContent } from './vision-content.js';
