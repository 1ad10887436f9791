import { serviceToken } from '../services/service-token.js';
import type { ThreadStore } from './thread-store.js';

/**
 * The conversation threads of a runtime: over the registered `DocumentStoreService`
 * (SQLite, PostgreSQL: threads outlive the process), else over a store in memory.
 */
export const ThreadStoreService = serviceToken<ThreadStore>('ThreadStore');
