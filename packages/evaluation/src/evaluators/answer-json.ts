/** The answer read as JSON: the whole text, or the inside of one code fence around it (```json … ```). */
export function answerJson(answer: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  const trimmed = answer.trim();
  const fenced = /^```[A-Za-z0-9_-]*[ \t]*\r?\n([\s\S]*?)\r?\n```$/.exec(trimmed);
  try {
    return { ok: true, value: JSON.parse(fenced?.[1] ?? trimmed) };
  } catch (error) {
    return { ok: false, reason: `not JSON (${(error as Error).message})` };
  }
}
