/** One A2A task as the A2A view lists it. */
export interface StudioA2ATask {
  readonly id: string;
  readonly contextId: string;
  readonly skillId: string;
  readonly state: string;
  readonly createdAt: string;
  readonly updatedAt?: string;
}
