import { type DocumentStore, serviceToken } from '@orkeon/core';
import { type V1TaskPushNotificationConfig, v1TaskPushNotificationConfigSchema } from './push-config.js';
import { UnreadablePushRecordError } from './push-errors.js';

/** The collection of v1.0 push notification configs in the document store. */
export const v1PushConfigCollection = 'a2a-v1-push-configs';

/**
 * Where push notification configs live: a `DocumentStore` (SQLite or PostgreSQL with task
 * persistence, in memory otherwise), one document per config keyed `<taskId>/<configId>`,
 * so the configs of a task are one prefix and list in config-id order. Neither id holds a
 * `/` (`isPushKeyPart`).
 *
 * @experimental SVCEXP001
 */
export class V1PushConfigStore {
  readonly #store: DocumentStore;

  constructor(store: DocumentStore) {
    this.#store = store;
  }

  /** Writes the config, replacing one of the same id. */
  async put(config: V1TaskPushNotificationConfig): Promise<void> {
    await this.#store.put(v1PushConfigCollection, keyOf(config.taskId, config.id), { ...config });
  }

  async get(taskId: string, id: string): Promise<V1TaskPushNotificationConfig | undefined> {
    const key = keyOf(taskId, id);
    const document = await this.#store.get(v1PushConfigCollection, key);
    return document === undefined ? undefined : read(key, document.value);
  }

  /** The task's configs in id order: all, or `limit` of them after the id `after`. */
  async list(
    taskId: string,
    page: { readonly after?: string; readonly limit?: number } = {},
  ): Promise<V1TaskPushNotificationConfig[]> {
    const documents = await this.#store.list(v1PushConfigCollection, {
      prefix: `${taskId}/`,
      ...(page.after === undefined ? {} : { after: keyOf(taskId, page.after) }),
      ...(page.limit === undefined ? {} : { limit: page.limit }),
    });
    return documents.map((document) => read(document.key, document.value));
  }

  /** True when the config existed. */
  delete(taskId: string, id: string): Promise<boolean> {
    return this.#store.delete(v1PushConfigCollection, keyOf(taskId, id));
  }
}

function keyOf(taskId: string, id: string): string {
  return `${taskId}/${id}`;
}

function read(key: string, value: unknown): V1TaskPushNotificationConfig {
  const parsed = v1TaskPushNotificationConfigSchema.safeParse(value);
  if (!parsed.success)
    throw new UnreadablePushRecordError(v1PushConfigCollection, key, parsed.error.issues[0]?.message ?? 'invalid');
  const { token, authentication, protocolVersion, ...config } = parsed.data;
  return {
    ...config,
    ...(token === undefined ? {} : { token }),
    ...(authentication === undefined ? {} : { authentication }),
    ...(protocolVersion === undefined ? {} : { protocolVersion }),
  };
}

/** The push notification configs of a host with task persistence (`addSvcA2ATaskPersistence`). @experimental SVCEXP001 */
export const V1PushConfigStoreService = serviceToken<V1PushConfigStore>('A2AV1PushConfigStore');
