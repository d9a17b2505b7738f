// Test scaffolding (worker-pool.test.ts): a synthesis worker that fails while starting.
throw new Error('no engine here');
