import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { AtRule, PluginCreator } from 'postcss';
import { defineConfig } from 'vite';
import { MEDIA } from './src/styles/breakpoints';

// The API runs on its own port in development; proxying keeps the client
// same-origin, so the session cookie and CSRF header work as in production.
const apiProxy = { '/api': { target: 'http://localhost:3000' } };

/**
 * `@media (--md-up)` in any stylesheet becomes the query of that name in
 * src/styles/breakpoints.ts, so CSS and TypeScript share one scale.
 * (postcss-custom-media would need the scale written in CSS, where
 * TypeScript cannot read it.) An unknown name fails the build.
 */
const breakpoints: PluginCreator<void> = () => ({
  postcssPlugin: 'study-swamp-breakpoints',
  AtRule: {
    media(rule: AtRule) {
      rule.params = rule.params.replace(/\(--([\w-]+)\)/g, (_match, name: string) => {
        const query = (MEDIA as Record<string, string>)[name];
        if (!query) throw rule.error(`Unknown breakpoint --${name}; the scale is in src/styles/breakpoints.ts`);
        return query;
      });
    },
  },
});
breakpoints.postcss = true;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  css: { postcss: { plugins: [breakpoints()] } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
  },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, strictPort: true, proxy: apiProxy },
});
