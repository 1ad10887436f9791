/**
 * Walks a graph from `start` by `next`, up to `depth` steps: each node reached with the
 * step it was first reached at (the start nodes at 0), nearest first.
 */
export function breadthFirst(
  start: readonly string[],
  next: (node: string) => readonly string[],
  depth: number,
): Map<string, number> {
  const reached = new Map(start.map((node) => [node, 0]));
  let frontier = [...reached.keys()];
  for (let step = 1; step <= depth && frontier.length > 0; step++) {
    const following: string[] = [];
    for (const node of frontier)
      for (const neighbour of next(node))
        if (!reached.has(neighbour)) {
          reached.set(neighbour, step);
          following.push(neighbour);
        }
    frontier = following;
  }
  return reached;
}
