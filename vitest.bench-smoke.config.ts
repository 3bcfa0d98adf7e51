import { defineConfig } from 'vitest/config';

// The benchmark smoke run loads both cores with wrk for a while; it runs alone, after the other
// suites, so it cannot disturb their timing (poll intervals, timeouts).
export default defineConfig({
  test: {
    include: ['test/system/bench-smoke.test.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    testTimeout: 180_000,
  },
});
