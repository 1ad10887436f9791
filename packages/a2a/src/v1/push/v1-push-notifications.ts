import type { Logger } from '@orkeon/core';
import type { V1Caller } from '../server/v1-caller.js';
import { V1ProtocolError } from '../wire/protocol-error.js';
import type { V1StreamResponse } from '../wire/task.js';
import {
  isPushKeyPart,
  isSentOverV03,
  type V1CreatePushConfigRequest,
  type V1ListPushConfigsRequest,
  type V1ListPushConfigsResponse,
  type V1PushConfigIdRequest,
  type V1TaskPushNotificationConfig,
  v1ListPushConfigsPageSize,
  v1SendPushConfigSchema,
} from './push-config.js';
import { PushDeliverer, type PushRetryPolicy, type PushStores } from './push-deliverer.js';
import { WebhookSender } from './webhook-sender.js';
import { type HostResolver, type WebhookTargetPolicy, webhookUrlRefusal } from './webhook-target.js';

/** The push settings, in the units the code uses (`A2A:PushNotifications` gives seconds). */
export interface V1PushNotificationsOptions {
  /** Hosts webhooks may reach whatever they resolve to. */
  readonly allowedHosts: readonly string[];
  /** How long one delivery attempt may take. */
  readonly timeoutMilliseconds: number;
  readonly retry: PushRetryPolicy;
  /** Default: the system resolver. Tests give one that answers what they need. */
  readonly resolve?: HostResolver;
}

export interface V1PushNotificationsParts {
  readonly logger: Logger;
  readonly now: () => number;
  readonly newId: () => string;
  /** Runs `work` with the push stores of a fresh service scope. */
  withStores<T>(work: (stores: PushStores) => Promise<T>): Promise<T>;
  /** Whether the task exists (its record is in the task store) and is the caller's. */
  isTaskOf(taskId: string, caller: V1Caller): Promise<boolean>;
}

/**
 * A2A v1.0 push notifications: the four config operations (`Create`, `Get`, `List`,
 * `DeleteTaskPushNotificationConfig`), the config a `SendMessage` brings
 * (`registerFromSend`), and the delivery of every task event to the task's webhooks
 * (`notify`). A webhook must be public (`A2A:PushNotifications:AllowedHosts` names the
 * exceptions): refused when the config is made and checked again on each delivery.
 *
 * @experimental SVCEXP001
 */
export class V1PushNotifications {
  readonly #parts: V1PushNotificationsParts;
  readonly #policy: WebhookTargetPolicy;
  readonly #sender: WebhookSender;
  readonly #deliverer: PushDeliverer;

  constructor(parts: V1PushNotificationsParts, options: V1PushNotificationsOptions) {
    this.#parts = parts;
    this.#policy = {
      allowedHosts: options.allowedHosts,
      ...(options.resolve === undefined ? {} : { resolve: options.resolve }),
    };
    this.#sender = new WebhookSender({
      policy: this.#policy,
      timeoutMilliseconds: options.timeoutMilliseconds,
    });
    this.#deliverer = new PushDeliverer({
      logger: parts.logger,
      sender: this.#sender,
      retry: options.retry,
      now: parts.now,
      newId: parts.newId,
      withStores: parts.withStores,
    });
  }

  /**
   * Makes (or, with the id of one, replaces) a config of an existing task; the id is made
   * when not given. `protocolVersion` `0.3`: made over A2A 0.3, its webhook gets 0.3 shapes.
   */
  async create(
    request: V1CreatePushConfigRequest,
    caller: V1Caller,
    protocolVersion?: '0.3',
  ): Promise<V1TaskPushNotificationConfig> {
    await this.#requireTask(request.taskId, caller);
    return answered(await this.#save(request.taskId, request, protocolVersion));
  }

  async get(request: V1PushConfigIdRequest, caller: V1Caller): Promise<V1TaskPushNotificationConfig> {
    await this.#requireTask(request.taskId, caller);
    const config = isPushKeyPart(request.id)
      ? await this.#parts.withStores((stores) => stores.configs.get(request.taskId, request.id))
      : undefined;
    if (config === undefined)
      throw new V1ProtocolError(
        'TaskNotFound',
        `Task '${request.taskId}' has no push notification config '${request.id}'; ListTaskPushNotificationConfigs shows its configs.`,
      );
    return answered(config);
  }

  /** One page of the task's configs in id order; `pageSize` 0 or absent means 50. */
  async list(request: V1ListPushConfigsRequest, caller: V1Caller): Promise<V1ListPushConfigsResponse> {
    await this.#requireTask(request.taskId, caller);
    const pageSize =
      request.pageSize === undefined || request.pageSize === 0 ? v1ListPushConfigsPageSize.default : request.pageSize;
    const after =
      request.pageToken === undefined || request.pageToken === '' ? undefined : configIdOf(request.pageToken);
    const configs = await this.#parts.withStores((stores) =>
      stores.configs.list(request.taskId, { ...(after === undefined ? {} : { after }), limit: pageSize + 1 }),
    );
    const page = configs.slice(0, pageSize);
    const last = page.at(-1);
    return {
      configs: page.map(answered),
      nextPageToken: configs.length > pageSize && last !== undefined ? Buffer.from(last.id).toString('base64url') : '',
    };
  }

  /** Removes the config; an id the task has no config of is already removed. */
  async delete(request: V1PushConfigIdRequest, caller: V1Caller): Promise<Record<string, never>> {
    await this.#requireTask(request.taskId, caller);
    if (isPushKeyPart(request.id))
      await this.#parts.withStores((stores) => stores.configs.delete(request.taskId, request.id));
    return {};
  }

  /**
   * Checks `configuration.taskPushNotificationConfig` of a `SendMessage` before its task
   * is made: its shape and its webhook. Throws `InvalidParams` naming the problem.
   */
  async checkForSend(config: unknown): Promise<void> {
    const parsed = parseSendConfig(config);
    await this.#requireReachable(parsed.url);
  }

  /**
   * Registers `configuration.taskPushNotificationConfig` of a `SendMessage` for the task it
   * made: to be called once the task is recorded and before it runs, so every event of
   * the task reaches the webhook. The config's own `taskId`, if any, is replaced. A config
   * marked by `sentOverV03` gets 0.3 shapes.
   */
  registerFromSend(taskId: string, config: unknown): Promise<V1TaskPushNotificationConfig> {
    return this.#save(taskId, parseSendConfig(config), isSentOverV03(config) ? '0.3' : undefined);
  }

  /** Delivers an event of a task to the task's webhooks (from `TaskEvents.listenToAll`). */
  notify(taskId: string, event: V1StreamResponse): void {
    this.#deliverer.notify(taskId, event);
  }

  /** Resumes the deliveries a previous run left pending (at server start). */
  resume(): void {
    this.#deliverer.resume();
  }

  /** Stops delivering; pending deliveries stay stored for the next start. */
  async close(): Promise<void> {
    await this.#deliverer.close();
    await this.#sender.close();
  }

  async #save(
    taskId: string,
    request: Omit<V1CreatePushConfigRequest, 'taskId'>,
    protocolVersion: '0.3' | undefined,
  ): Promise<V1TaskPushNotificationConfig> {
    await this.#requireReachable(request.url);
    const config: V1TaskPushNotificationConfig = {
      id: request.id === undefined || request.id === '' ? this.#parts.newId() : request.id,
      taskId,
      url: request.url,
      ...(request.token === undefined || request.token === '' ? {} : { token: request.token }),
      ...(request.authentication === undefined ? {} : { authentication: request.authentication }),
      ...(protocolVersion === undefined ? {} : { protocolVersion }),
    };
    await this.#parts.withStores((stores) => stores.configs.put(config));
    return config;
  }

  async #requireTask(taskId: string, caller: V1Caller): Promise<void> {
    if (!isPushKeyPart(taskId) || !(await this.#parts.isTaskOf(taskId, caller)))
      throw new V1ProtocolError(
        'TaskNotFound',
        `No task '${taskId}': the id is unknown here, or its record was removed.`,
      );
  }

  async #requireReachable(url: string): Promise<void> {
    const refusal = await webhookUrlRefusal(url, this.#policy, { resolveNames: true });
    if (refusal !== undefined) throw new V1ProtocolError('InvalidParams', refusal);
  }
}

/** A config as the operations answer it: without the protocol version its webhook is written in. */
function answered(config: V1TaskPushNotificationConfig): V1TaskPushNotificationConfig {
  const { protocolVersion: _version, ...shown } = config;
  return shown;
}

function parseSendConfig(config: unknown): Omit<V1CreatePushConfigRequest, 'taskId'> {
  const parsed = v1SendPushConfigSchema.safeParse(config ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = ['configuration.taskPushNotificationConfig', ...(issue?.path ?? [])].join('.');
  throw new V1ProtocolError('InvalidParams', `${where}: ${issue?.message ?? 'invalid'}.`);
}

function configIdOf(pageToken: string): string {
  const id = Buffer.from(pageToken, 'base64url').toString('utf8');
  if (!isPushKeyPart(id))
    throw new V1ProtocolError(
      'InvalidParams',
      'pageToken is not one this server gave: pass the nextPageToken of the previous page, or none for the first page.',
    );
  return id;
}
