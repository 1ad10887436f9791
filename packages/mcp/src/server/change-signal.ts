/** Who hears that a served resource changed, by URI; a listener that throws does not stop the others. */
export class ChangeSignal {
  readonly #listeners = new Set<(uri: string) => void>();

  listen(listener: (uri: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get listened(): boolean {
    return this.#listeners.size > 0;
  }

  emit(uri: string): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(uri);
      } catch {
        // A subscriber whose stream broke is removed by its own transport.
      }
    }
  }
}
