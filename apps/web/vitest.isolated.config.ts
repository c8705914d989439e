import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';
import { isolatedTests, webTest } from './vitest.config.ts';

/** The web files that replace a module (`vi.mock`), each in a fresh window and module graph (decision 016). */
export default mergeConfig(
  viteConfig,
  defineConfig({ test: { ...webTest, name: 'web-isolated', include: isolatedTests } }),
);
