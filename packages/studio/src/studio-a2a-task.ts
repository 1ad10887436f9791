/** One A2A task as the A2A view lists it. */
export interface StudioA2ATask {
  readonly id: string;
  /** `v1`: A2A v1.0; `seed`: `/a2a/tasks/send`. */
  readonly dialect: 'v1' | 'seed';
  /** v1.0 tasks only. */
  readonly contextId?: string;
  readonly skillId: string;
  readonly state: string;
  readonly createdAt: string;
  readonly updatedAt?: string;
}
