/** The six process types a crew may declare; `process:` in YAML, matched without regard to case. */
export const processTypes = ['sequential', 'hierarchical', 'parallel', 'consensual', 'graph', 'autonomous'] as const;

export type ProcessType = (typeof processTypes)[number];

/** The process types `runCrew` can run: all six. */
export const runnableProcessTypes = processTypes satisfies readonly ProcessType[];

export function isProcessType(value: unknown): value is ProcessType {
  return typeof value === 'string' && (processTypes as readonly string[]).includes(value);
}

/** The message for a process that is not one of the six, shared by every entry point. */
export function unknownProcessMessage(value: unknown): string {
  return `unknown process ${JSON.stringify(value)}; use one of ${processTypes.join(', ')}.`;
}
