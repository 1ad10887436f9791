import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import { type FileSystem, isDenial, type ToolResult, toolDenied, toolFailure } from '@orkeon/core';
import type { EmailServerSettings } from '../settings/email-settings.js';

/** The TLS options of a connection to a mail server: full validation always, a private CA added when configured. */
export interface ServerTlsOptions {
  readonly rejectUnauthorized: true;
  readonly minVersion: 'TLSv1.2';
  readonly servername?: string;
  readonly ca?: string[];
}

/**
 * Builds the TLS options for `server`. The CA file is read through the VFS by its virtual path;
 * it is added to the system's authorities, never replacing validation.
 */
export async function serverTlsOptions(
  server: EmailServerSettings,
  vfs: FileSystem,
  settingKey: string,
): Promise<ServerTlsOptions | ToolResult> {
  const servername = isIP(server.Host) === 0 ? { servername: server.Host } : {};
  if (server.CaFile === '') return { rejectUnauthorized: true, minVersion: 'TLSv1.2', ...servername };
  const read = await vfs.readText(server.CaFile);
  if (!read.ok) {
    const message = `The CA file of ${settingKey}:CaFile cannot be read (${read.message}): the host must mount it and give its virtual path.`;
    return isDenial(read.code) ? toolDenied(message) : toolFailure(message);
  }
  if (!read.value.includes('-----BEGIN CERTIFICATE-----'))
    return toolFailure(
      `The CA file '${server.CaFile}' of ${settingKey}:CaFile holds no PEM certificate: give a file with '-----BEGIN CERTIFICATE-----' blocks.`,
    );
  return { rejectUnauthorized: true, minVersion: 'TLSv1.2', ...servername, ca: [...rootCertificates, read.value] };
}
