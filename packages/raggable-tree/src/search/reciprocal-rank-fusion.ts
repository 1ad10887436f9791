/** The k of reciprocal rank fusion: 60, as in its paper and in `Svc:Rag`. */
export const rrfK = 60;

/**
 * Fuses ranked lists of ids: each id scores Σ 1 / (k + rank) over the lists it is in
 * (ranks from 1), so an item high in both lists beats one first in only one.
 */
export function reciprocalRankFusion<Id>(lists: readonly (readonly Id[])[], k = rrfK): { id: Id; score: number }[] {
  const scores = new Map<Id, number>();
  const firstSeen = new Map<Id, number>();
  let order = 0;
  for (const list of lists)
    list.forEach((id, index) => {
      scores.set(id, (scores.get(id) ?? 0) + 1 / (k + index + 1));
      if (!firstSeen.has(id)) firstSeen.set(id, order++);
    });
  return [...scores]
    .map(([id, score]) => ({ id, score }))
    .sort((x, y) => y.score - x.score || (firstSeen.get(x.id) as number) - (firstSeen.get(y.id) as number));
}
