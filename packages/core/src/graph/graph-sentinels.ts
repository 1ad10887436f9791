/** Where every graph run begins: the one edge out of `START` names the first node. */
export const START = '__start__';

/** Where a graph run ends: route to `END` to finish. */
export const END = '__end__';
