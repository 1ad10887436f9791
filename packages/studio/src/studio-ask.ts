// A question as the API sends it to the page (no core imports: the page reads this type too).

/** A question waiting for the person at the page. */
export interface StudioAsk {
  readonly id: string;
  /** `approval`: yes or no (a permission ask, or a confirmation); `choice`: one of `choices`. */
  readonly kind: 'text' | 'approval' | 'choice';
  readonly prompt: string;
  readonly choices?: readonly string[];
  /** `tool`: an agent called `human_input`; `permission`: the permission gate asks before a tool call. */
  readonly source: 'tool' | 'permission';
  readonly agent?: string;
  readonly toolName?: string;
  readonly askedAt: string;
}
