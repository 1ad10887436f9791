/**
 * A voter's ballot: its ranking of the labels it was shown, best first. An abstention
 * has no ranking; `malformed` says the answer could not be read as a ballot.
 */
export type Ballot =
  | {
      readonly abstain: false;
      readonly ranking: readonly string[];
      /** 0 to 1; 1 when the voter gave none. */
      readonly confidence: number;
      readonly justification: string;
    }
  | { readonly abstain: true; readonly malformed: boolean; readonly justification: string };

/** The JSON the voters are asked for. */
export const ballotShape =
  '{"ranking":["<label>", …],"abstain":false,"confidence":<0 to 1>,"justification":"<one sentence>"}';

/**
 * Reads a ballot from the model's answer (parsed JSON, or its text). Labels are
 * matched without regard to case; labels not shown and repeats are dropped. Anything
 * that is not an object with a ranking of at least one shown label, and is not an
 * explicit `"abstain": true`, is a malformed ballot, counted as an abstention.
 */
export function readBallot(answer: unknown, shown: readonly string[]): Ballot {
  const value = typeof answer === 'string' ? parse(answer) : answer;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return malformed();
  const { ranking, abstain, confidence, justification } = value as Record<string, unknown>;
  const reason = typeof justification === 'string' ? justification : '';
  if (abstain === true) return { abstain: true, malformed: false, justification: reason };
  if (abstain !== undefined && abstain !== false) return malformed();
  if (!Array.isArray(ranking)) return malformed();
  const labels: string[] = [];
  for (const entry of ranking) {
    if (typeof entry !== 'string') continue;
    const label = shown.find((candidate) => candidate.toUpperCase() === entry.trim().toUpperCase());
    if (label !== undefined && !labels.includes(label)) labels.push(label);
  }
  if (labels.length === 0) return malformed();
  const sure = typeof confidence === 'number' && Number.isFinite(confidence) ? Math.min(1, Math.max(0, confidence)) : 1;
  return { abstain: false, ranking: labels, confidence: sure, justification: reason };
}

function malformed(): Ballot {
  return { abstain: true, malformed: true, justification: '' };
}

function parse(text: string): unknown {
  const trimmed = text.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, '$1');
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}
