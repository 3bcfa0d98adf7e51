import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Run alone afterwards, by vitest.bench-smoke.config.ts (see there).
    exclude: ['test/system/bench-smoke.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    // Each file gets its own process: uWS apps and Redis clients never leak between files.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
