/**
 * A cheap first look before the injection patterns run. Each pattern has words of which any
 * match holds one (`injection-pattern-words.ts`, read from the patterns by a script); one pass
 * over a text with an Aho–Corasick automaton of all those words tells which patterns can match
 * at all, and only those run. Most texts hold few of the words, so a screen in a busy agent
 * loop runs a handful of patterns instead of all of them, whose compiled code no longer sits
 * in the processor's cache.
 */
export class PatternGate {
  readonly #always: readonly number[];
  readonly #root: TrieNode = newNode();

  /** `words[id]` are the words of the pattern with that id; a pattern without words always runs. */
  constructor(patternIds: readonly string[], words: Readonly<Record<string, readonly string[]>>) {
    const always: number[] = [];
    patternIds.forEach((id, index) => {
      const some = words[id];
      if (some === undefined) always.push(index);
      else for (const word of some) this.#add(word, index);
    });
    this.#always = always;
    this.#link();
  }

  /** The indexes of the patterns that can match `text`; the others cannot. */
  candidates(text: string): Set<number> {
    const found = new Set(this.#always);
    let node = this.#root;
    for (const character of text.toLowerCase()) {
      let next = node.next.get(character);
      while (next === undefined && node !== this.#root) {
        node = node.fail ?? this.#root;
        next = node.next.get(character);
      }
      node = next ?? this.#root;
      for (const index of node.patterns) found.add(index);
    }
    return found;
  }

  #add(word: string, pattern: number): void {
    let node = this.#root;
    for (const character of word) {
      let next = node.next.get(character);
      if (next === undefined) {
        next = newNode();
        node.next.set(character, next);
      }
      node = next;
    }
    if (!node.patterns.includes(pattern)) node.patterns.push(pattern);
  }

  /** Failure links, breadth first: each node also reports the words that end where it ends. */
  #link(): void {
    const queue: TrieNode[] = [];
    for (const child of this.#root.next.values()) {
      child.fail = this.#root;
      queue.push(child);
    }
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head] as TrieNode;
      for (const [character, child] of node.next) {
        let fallback = node.fail;
        while (fallback !== undefined && !fallback.next.has(character)) fallback = fallback.fail;
        child.fail = fallback?.next.get(character) ?? this.#root;
        for (const index of child.fail.patterns) if (!child.patterns.includes(index)) child.patterns.push(index);
        queue.push(child);
      }
    }
  }
}

interface TrieNode {
  readonly next: Map<string, TrieNode>;
  fail: TrieNode | undefined;
  readonly patterns: number[];
}

function newNode(): TrieNode {
  return { next: new Map(), fail: undefined, patterns: [] };
}
