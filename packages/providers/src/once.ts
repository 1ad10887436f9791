/** Calls `make` on the first call only and answers that promise ever after; a failure stays the answer. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
