/** The model a query asks (to order candidates, to write the cited answer): the calling agent's, or the runtime's. */
export interface RagModel {
  complete(
    prompt: string,
    options?: {
      readonly system?: string;
      readonly maxTokens?: number;
      readonly temperature?: number;
      readonly signal?: AbortSignal;
    },
  ): Promise<{ readonly output: string }>;
}
