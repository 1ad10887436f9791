import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@orkeon/source'] },
  ssr: { resolve: { conditions: ['@orkeon/source'] } },
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
