import { packageVitestConfig } from '@ctxkit/tooling/vitest';

// test/ runs the built binary as a child process; the global setup rebuilds it when src/ is newer.
// OLLAMA_MODELS points at a store that does not exist, so models a developer has pulled never change
// what a test sees (a test that wants a store builds its own).
export default packageVitestConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    env: { OLLAMA_MODELS: '/nonexistent/ctxkit-test-ollama-store' },
  },
});
