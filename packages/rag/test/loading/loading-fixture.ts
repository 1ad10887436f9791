import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { VirtualFileSystem } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { WebHttpClient } from '@orkeon/tools-web';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A temporary folder mounted read-only at `/docs` and read-write at `/quarantine`. */
export interface LoadingFolder extends AsyncDisposable {
  readonly folder: TemporaryDirectory;
  readonly files: VirtualFileSystem;
  /** Writes a file under the `/docs` mount (by its path inside the mount). */
  write(relativePath: string, content: string | Uint8Array): Promise<void>;
}

export async function createLoadingFolder(): Promise<LoadingFolder> {
  const folder = await createTemporaryDirectory('orkeon-rag-loading-');
  await mkdir(join(folder.path, 'docs'));
  await mkdir(join(folder.path, 'quarantine'));
  const files = await VirtualFileSystem.create([
    `${join(folder.path, 'docs')}:/docs:ro`,
    `${join(folder.path, 'quarantine')}:/quarantine:rw`,
  ]);
  return {
    folder,
    files,
    write: async (relativePath, content) => {
      const path = join(folder.path, 'docs', relativePath);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content);
    },
    [Symbol.asyncDispose]: () => folder.remove(),
  };
}

/** A real PDF, one text line per page, made with pdf-lib. */
export async function pdfBytes(pages: readonly string[], title?: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  if (title !== undefined) pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const line of pages) pdf.addPage().drawText(line, { x: 50, y: 700, font, size: 12 });
  return pdf.save();
}

export interface LocalServer extends AsyncDisposable {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly paths: string[];
}

/** A real HTTP server on 127.0.0.1 and a free port, recording the paths asked for. */
export async function startLocalServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<LocalServer> {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    handler(request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    [Symbol.asyncDispose]: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The guarded client loaders use: no redirects followed; `allowLoopback` lets 127.0.0.1 through the guard. */
export function webClient(options: { allowLoopback: boolean; maxResponseBytes?: number }): WebHttpClient {
  return new WebHttpClient({
    guard: options.allowLoopback ? { allowedRanges: ['127.0.0.1/32'] } : {},
    timeoutMilliseconds: 5_000,
    maxResponseBytes: options.maxResponseBytes ?? 1_000_000,
    maxRedirects: 0,
    userAgent: 'orkeon-rag-test',
  });
}
