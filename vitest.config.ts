import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Two projects so a stage can pick one (`vitest run --project unit`); plain `vitest run` runs both.
// The Worker tests have their own config (vitest.workers.config.ts).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: "node",
    // A test that logs console.error fails unless it opts in (decision 033).
    setupFiles: ["tests/support/vitest-setup.ts"],
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      { extends: true, test: { name: "integration", include: ["tests/integration/**/*.test.ts"] } },
    ],
  },
});
