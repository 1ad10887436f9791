/** The text of a PDF, page by page joined, and the title its metadata gives. */
export interface PdfText {
  readonly text: string;
  readonly title?: string;
  readonly pageCount: number;
}

/**
 * The text layer of a PDF through unpdf (pdf.js without an eval path), pages joined with
 * a blank line so a chunker sees page ends as paragraph ends. Scanned pages without a
 * text layer read as empty. unpdf is loaded on first use: pdf.js is large.
 */
export async function pdfToText(bytes: Uint8Array): Promise<PdfText> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdf.js takes over the buffer it is given.
    document = await getDocumentProxy(new Uint8Array(bytes), {
      stopAtErrors: false,
      verbosity: 0,
    });
  } catch (error) {
    throw new Error(openProblem(error), { cause: error });
  }
  try {
    const metadata = await document.getMetadata().catch(() => undefined);
    const { text: pages, totalPages } = await extractText(document, { mergePages: false });
    const text = pages
      .map((page) =>
        page
          .replace(/[^\S\n]+/g, ' ')
          .replace(/ ?\n ?/g, '\n')
          .trim(),
      )
      .filter((page) => page !== '')
      .join('\n\n');
    const info = metadata?.info as { Title?: unknown } | undefined;
    const title = typeof info?.Title === 'string' ? info.Title.replace(/\s+/g, ' ').trim() : '';
    return title === '' ? { text, pageCount: totalPages } : { text, title, pageCount: totalPages };
  } finally {
    await document.loadingTask.destroy();
  }
}

function openProblem(error: unknown): string {
  if ((error as { name?: unknown }).name === 'PasswordException')
    return 'the PDF is encrypted with a password, which is not opened: save an unencrypted copy and load that.';
  return `it is not a readable PDF (${(error as Error).message}): check that it is a PDF and not damaged, or save it again from the program that made it.`;
}
