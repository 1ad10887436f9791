import { DataToolError } from '../errors/data-tool-error.js';

/**
 * Waits for `work`, or rejects at once when `signal` fires: some parsers (pdf.js,
 * mammoth, a ZIP stream) cannot be stopped mid-way, and the call must still end on
 * time. `onAbort` releases what it can (destroys the input stream).
 */
export function untilAborted<T>(signal: AbortSignal, work: Promise<T>, onAbort?: () => void): Promise<T> {
  if (signal.aborted) {
    onAbort?.();
    work.catch(() => undefined);
    return Promise.reject(stopped());
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort?.();
      reject(stopped());
    };
    signal.addEventListener('abort', abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

function stopped(): DataToolError {
  return new DataToolError('DATA_TOOL_STOPPED', 'The call was stopped before it finished.');
}
