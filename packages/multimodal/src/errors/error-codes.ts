/** Every error code of `@orkeon/multimodal`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const multiModalErrorCodes = {
  MULTIMODAL_ATTACHMENT_INVALID:
    'An attachment is malformed: an unknown type, no data, data that is not base64, or a file without its MIME type. The message names the attachment and what it needs.',
  MULTIMODAL_ATTACHMENT_UNREADABLE:
    'An image named by a virtual path could not be read through the file system (no mount, no read right, not found, too large for `Svc:FileSystem:MaxFileSizeBytes`): the message gives the file system’s reason.',
  MULTIMODAL_FORMAT_UNSUPPORTED:
    'The bytes of an image or a sound are not one of the supported formats (`Svc:MultiModal:SupportedImageFormats`: png, jpeg, gif, webp; `SupportedAudioFormats`: wav, mp3, ogg): convert it, or add the format to the list when it is one of those.',
  MULTIMODAL_TOO_LARGE:
    'An image is larger than `Svc:MultiModal:MaxImageSizeBytes` (default 20 MB): make it smaller, or raise the limit within what the provider takes.',
  MULTIMODAL_TOO_LONG:
    'A sound lasts longer than `Svc:MultiModal:MaxAudioDurationSeconds` (default 300): cut it, or raise the limit.',
  MULTIMODAL_PART_NOT_SUPPORTED:
    'An audio or file attachment was bound for a vision-capable model: no provider is sent audio or files. Remove it, or give its content as text (a transcript, the file’s text).',
} as const;

export type MultiModalErrorCode = keyof typeof multiModalErrorCodes;
