import type { ModelMessage } from 'ai';
import type { DocumentStore, JsonValue } from '../documents/document-store.js';
import { updateDocument } from '../documents/update-document.js';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

/** The document collections of conversations. */
export const threadCollection = 'orkeon.threads';
export const threadMessageCollection = 'orkeon.thread-messages';

const idPattern = /^[A-Za-z0-9][A-Za-z0-9_.:@+=-]{0,199}$/;
/** Sequence numbers are written with this many digits, so keys sort as numbers. */
const seqDigits = 12;

/** A thread as stored: where its context window starts, and the turns in it. */
interface ThreadRecord {
  readonly id: string;
  readonly resource: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The sequence number the next message gets. */
  readonly nextSeq: number;
  /** Turns so far (a turn: the caller's message and the agent's answer, tool calls included). */
  readonly turnCount: number;
  /** The first message the agent still sees; earlier ones left its context. */
  readonly windowStart: number;
  /** The turns in the context, oldest first: their first message and estimated tokens. */
  readonly window: readonly { readonly start: number; readonly tokens: number }[];
  /** What the turns that left the context said, when `Overflow` is `summarize`. */
  readonly summary?: string;
}

interface ThreadMessageRecord {
  readonly seq: number;
  readonly message: JsonValue;
  readonly at: string;
}

/** A thread as `list` and `read` show it. */
export interface ThreadInfo {
  readonly id: string;
  readonly resource: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly turns: number;
  /** The tokens of the turns the agent sees next time (estimated). */
  readonly contextTokens: number;
  readonly summary?: string;
}

/** One message of a thread: `inContext` false once it left what the agent sees. */
export interface ThreadMessage {
  readonly seq: number;
  readonly message: ModelMessage;
  readonly at: string;
  readonly inContext: boolean;
}

/** What an agent continues from: the messages in the context, and the summary of earlier ones. */
export interface ThreadContext {
  readonly messages: readonly ModelMessage[];
  readonly summary?: string;
}

/** How much context a thread keeps, and what folds the turns that leave it into the summary. */
export interface ThreadLimits {
  /** 0: no limit. */
  readonly maxTokens: number;
  readonly summarize?: (earlier: string | undefined, leaving: readonly ModelMessage[]) => Promise<string>;
}

/** A thread or resource id that cannot be a key. */
export class ConversationIdError extends OrkeonError<CoreErrorCode> {
  constructor(what: 'thread' | 'resource', id: string) {
    super(
      'CONVERSATION_ID_INVALID',
      `The ${what} id '${id.slice(0, 60)}' cannot be used: give 1 to 200 letters, digits or _ . : @ + = - (starting with a letter or digit), e.g. a UUID or 'user:42'.`,
      { details: { [what]: id.slice(0, 200) } },
    );
  }
}

/** Estimated tokens of a message: 4 characters of its JSON a token. */
export function estimatedTokens(message: ModelMessage): number {
  return Math.ceil(JSON.stringify(message).length / 4);
}

/**
 * The threads of conversations in a `DocumentStore` (in memory, SQLite, PostgreSQL): one
 * document per thread and one per message, keyed by resource, thread and sequence, so one
 * resource never reads another's threads and continuing a thread reads only the messages
 * still in its context, however long it grew.
 */
export class ThreadStore {
  readonly #store: DocumentStore;
  readonly #now: () => Date;

  constructor(store: DocumentStore, options: { readonly now?: () => Date } = {}) {
    this.#store = store;
    this.#now = options.now ?? (() => new Date());
  }

  /** The messages the agent continues from (none for a new thread). */
  async context(resource: string, threadId: string): Promise<ThreadContext> {
    const key = threadKey(resource, threadId);
    const thread = (await this.#store.get<ThreadRecord>(threadCollection, key))?.value;
    if (thread === undefined) return { messages: [] };
    const messages = await this.#messages(key, thread.windowStart);
    return {
      messages: messages.map((record) => record.message as unknown as ModelMessage),
      ...(thread.summary === undefined ? {} : { summary: thread.summary }),
    };
  }

  /**
   * Adds one turn (the caller's message and what the agent answered), then lets the oldest
   * turns leave the context while it holds more than `limits.maxTokens` (the newest turn
   * always stays), folding them into the summary when `limits.summarize` is given.
   */
  async appendTurn(
    resource: string,
    threadId: string,
    messages: readonly ModelMessage[],
    limits: ThreadLimits,
  ): Promise<ThreadInfo> {
    const key = threadKey(resource, threadId);
    const at = this.#now().toISOString();
    const tokens = messages.reduce((sum, message) => sum + estimatedTokens(message), 0);
    let first = 0;
    // The sequence numbers are taken first, so that two turns written at once never share one.
    const reserved = await updateDocument<ThreadRecord>(this.#store, threadCollection, key, (current) => {
      const base: ThreadRecord = current ?? {
        id: threadId,
        resource,
        createdAt: at,
        updatedAt: at,
        nextSeq: 0,
        turnCount: 0,
        windowStart: 0,
        window: [],
      };
      first = base.nextSeq;
      return {
        ...base,
        updatedAt: at,
        nextSeq: base.nextSeq + messages.length,
        turnCount: base.turnCount + 1,
        window: [...base.window, { start: base.nextSeq, tokens }],
      };
    });
    for (const [index, message] of messages.entries()) {
      const seq = first + index;
      const record: ThreadMessageRecord = { seq, message: message as unknown as JsonValue, at };
      await this.#store.put(threadMessageCollection, messageKey(key, seq), record);
    }
    const thread = await this.#fit(key, reserved?.value as ThreadRecord, limits);
    return infoOf(thread);
  }

  /** The threads of a resource, ordered by id; `after` (an id) pages on. */
  async list(
    resource: string,
    options: { readonly limit?: number; readonly after?: string } = {},
  ): Promise<ThreadInfo[]> {
    const prefix = `${checkedId('resource', resource)}/`;
    const documents = await this.#store.list<ThreadRecord>(threadCollection, {
      prefix,
      ...(options.after === undefined ? {} : { after: `${prefix}${checkedId('thread', options.after)}` }),
      ...(options.limit === undefined ? {} : { limit: options.limit }),
    });
    return documents.map((document) => infoOf(document.value));
  }

  /** A thread and every message it holds, or undefined when the resource has no such thread. */
  async read(
    resource: string,
    threadId: string,
  ): Promise<{ readonly thread: ThreadInfo; readonly messages: readonly ThreadMessage[] } | undefined> {
    const key = threadKey(resource, threadId);
    const thread = (await this.#store.get<ThreadRecord>(threadCollection, key))?.value;
    if (thread === undefined) return undefined;
    const messages = await this.#messages(key, 0);
    return {
      thread: infoOf(thread),
      messages: messages.map((record) => ({
        seq: record.seq,
        message: record.message as unknown as ModelMessage,
        at: record.at,
        inContext: record.seq >= thread.windowStart,
      })),
    };
  }

  /** Removes a thread and its messages; false when the resource had no such thread. */
  async delete(resource: string, threadId: string): Promise<boolean> {
    const key = threadKey(resource, threadId);
    const existed = await this.#store.delete(threadCollection, key);
    // Messages go after the thread: a crash in between leaves messages no thread reads.
    for (;;) {
      const page = await this.#store.list(threadMessageCollection, { prefix: `${key}/`, limit: 500 });
      if (page.length === 0) break;
      for (const document of page) await this.#store.delete(threadMessageCollection, document.key);
    }
    return existed;
  }

  async #messages(key: string, from: number): Promise<ThreadMessageRecord[]> {
    const documents = await this.#store.list<ThreadMessageRecord>(threadMessageCollection, {
      prefix: `${key}/`,
      ...(from > 0 ? { after: messageKey(key, from - 1) } : {}),
    });
    return documents.map((document) => document.value);
  }

  /** Moves the oldest turns out of the context until it fits, summarising them when asked. */
  async #fit(key: string, thread: ThreadRecord, limits: ThreadLimits): Promise<ThreadRecord> {
    if (limits.maxTokens === 0) return thread;
    const total = thread.window.reduce((sum, turn) => sum + turn.tokens, 0);
    let over = total - limits.maxTokens;
    let leaving = 0;
    while (over > 0 && leaving < thread.window.length - 1) {
      over -= thread.window[leaving]?.tokens ?? 0;
      leaving += 1;
    }
    if (leaving === 0) return thread;
    const newStart = thread.window[leaving]?.start as number;
    let summary = thread.summary;
    if (limits.summarize !== undefined) {
      const left = (await this.#messages(key, thread.windowStart)).filter((record) => record.seq < newStart);
      summary = await limits.summarize(
        thread.summary,
        left.map((record) => record.message as unknown as ModelMessage),
      );
    }
    const moved = await updateDocument<ThreadRecord>(this.#store, threadCollection, key, (current) => {
      if (current === undefined || current.windowStart >= newStart) return undefined;
      return {
        ...current,
        windowStart: newStart,
        window: current.window.filter((turn) => turn.start >= newStart),
        ...(summary === undefined ? {} : { summary }),
      };
    });
    return moved?.value ?? thread;
  }
}

/** `id` when it can name a thread or resource; else `ConversationIdError`, naming the id and the fix. */
export function checkedId(what: 'thread' | 'resource', id: string): string {
  if (typeof id !== 'string' || !idPattern.test(id)) throw new ConversationIdError(what, String(id));
  return id;
}

function threadKey(resource: string, threadId: string): string {
  return `${checkedId('resource', resource)}/${checkedId('thread', threadId)}`;
}

function messageKey(threadKey: string, seq: number): string {
  return `${threadKey}/${String(seq).padStart(seqDigits, '0')}`;
}

function infoOf(thread: ThreadRecord): ThreadInfo {
  return {
    id: thread.id,
    resource: thread.resource,
    createdAt: thread.createdAt,
    updatedAt: thread.updatedAt,
    turns: thread.turnCount,
    contextTokens: thread.window.reduce((sum, turn) => sum + turn.tokens, 0),
    ...(thread.summary === undefined ? {} : { summary: thread.summary }),
  };
}
