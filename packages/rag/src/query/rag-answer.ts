/** A passage a query found, numbered as the answer cites it (`[1]`, `[2]`, …). */
export interface RagCitation {
  readonly marker: number;
  readonly chunkId: string;
  readonly sourceId: string;
  /** The passage's text, as the model was given it. */
  readonly snippet: string;
  readonly score: number;
  /** Character offsets of the passage in its source. */
  readonly start: number;
  readonly end: number;
  readonly headings?: readonly string[];
  /** Set on a web page the injection check found suspicious (`Svc:Rag:WebFallback:SuspiciousAction = Flag`): why. */
  readonly warning?: string;
}

export const ragStages = [
  'route',
  'transform',
  'retrieve',
  'fuse',
  'rerank',
  'assemble',
  'generate',
  'groundedness',
] as const;

/** The nodes of the corrective profile's graph; each is a trace step `corrective:<node>`. */
export const correctiveNodes = [
  'retrieve',
  'evaluate',
  'refine',
  'rewrite_query',
  'web_fallback',
  'generate',
  'check_groundedness',
] as const;
export type CorrectiveNode = (typeof correctiveNodes)[number];

/** A stage of the staged pipeline (`route`: the adaptive profile's choice), or a node of the corrective graph. */
export type RagStage = (typeof ragStages)[number] | `corrective:${CorrectiveNode}`;

/** What one stage did, how long it took. Each stage is also an OpenTelemetry span `rag.<stage>`. */
export interface RagTraceStep {
  readonly stage: RagStage;
  readonly durationMs: number;
  readonly detail: Readonly<Record<string, string | number | boolean>>;
}

/** The retrieval half of a query (stages 1 to 5): the passages, numbered, in the order given to a model. */
export interface RagRetrieval {
  readonly collection: string;
  readonly passages: readonly RagCitation[];
  readonly trace: readonly RagTraceStep[];
}

/** How well an answer keeps to its passages: 0 (not at all) to 1 (every statement supported). */
export interface Groundedness {
  readonly score: number;
  readonly verdict: 'grounded' | 'ungrounded';
  /** `model`: the model judged; `words`: no model, the answer's sentences were matched against the passages' words. */
  readonly judge: 'model' | 'words';
}

/** A cited answer: its text holds `[n]` markers, each naming a citation. */
export interface RagAnswer extends RagRetrieval {
  readonly text: string;
  /** The citations the text uses, in marker order. */
  readonly citations: readonly RagCitation[];
  /** False when no passage was found: the answer says so, and no model was called. */
  readonly grounded: boolean;
  /** The groundedness stage's verdict, when it ran (`Svc:Rag:Groundedness:Enabled`, the quality profile). */
  readonly groundedness?: Groundedness;
  /**
   * The corrective profile answered with what it had: nothing graded relevant was found within
   * `Svc:Rag:Corrective:MaxIterations` (and the web fallback, when on), or its loop limit tripped.
   */
  readonly bestEffort?: boolean;
}
