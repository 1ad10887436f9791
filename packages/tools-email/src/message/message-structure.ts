import type { MessageStructureObject } from 'imapflow';

/** An attachment of a message on the server, found in its body structure. */
export interface StructureAttachment {
  /** The IMAP body part number, e.g. `2` or `1.3`, which `email_save_attachment` takes. */
  readonly part: string;
  readonly fileName: string | undefined;
  readonly contentType: string;
  /** Bytes on the wire (transfer-encoded); base64 parts decode to about three quarters. */
  readonly encodedSize: number;
  readonly encoding: string | undefined;
}

/** The attachments of a message: parts with a file name or an attachment disposition, and forwarded messages. */
export function attachmentsOf(structure: MessageStructureObject): StructureAttachment[] {
  const found: StructureAttachment[] = [];
  const walk = (node: MessageStructureObject): void => {
    const type = node.type.toLowerCase();
    const fileName = node.dispositionParameters?.filename ?? node.parameters?.name;
    const isForwarded = type === 'message/rfc822';
    if (node.childNodes !== undefined && node.childNodes.length > 0 && !isForwarded) {
      for (const child of node.childNodes) walk(child);
      return;
    }
    const disposition = node.disposition?.toLowerCase();
    const isBody = type.startsWith('text/') && fileName === undefined && disposition !== 'attachment';
    if (isBody || type.startsWith('multipart/')) return;
    found.push({
      part: node.part ?? '1',
      fileName,
      contentType: type,
      encodedSize: node.size ?? 0,
      encoding: node.encoding?.toLowerCase(),
    });
  };
  walk(structure);
  return found;
}

/** The decoded size a part will have, estimated from its encoded size. */
export function decodedSizeEstimate(attachment: StructureAttachment): number {
  return attachment.encoding === 'base64' ? Math.floor((attachment.encodedSize * 3) / 4) : attachment.encodedSize;
}
