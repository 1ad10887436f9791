import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@orkeon/source'] },
  ssr: { resolve: { conditions: ['@orkeon/source'] } },
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    // Studio's page is served by its tests: built once here when a source checkout has not (or has changed it).
    globalSetup: ['scripts/build-studio-page.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default leaves one core free, i.e. one test file at a time on two cores; most files here
    // spend their time waiting on child processes, servers and sockets, so a second file fits beside them.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
