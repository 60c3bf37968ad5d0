import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { AtRule, PluginCreator } from 'postcss';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
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

/**
 * Every built script and stylesheet above 1 KB is written beside itself
 * as .br (quality 11) and .gz (level 9), once at build time; the server's
 * static handler (koa-send) serves the one the browser accepts, so no request
 * pays for compressing (the 533 KB script travels as about 140 KB). See
 * `npm run bench:client`.
 */
const precompressed = compression({
  include: /\.(js|mjs|css|svg|json|txt)$/i,
  threshold: 1024,
  skipIfLargerOrEqual: true,
  algorithms: [
    defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    defineAlgorithm('gzip', { level: 9 }),
  ],
  logLevel: 'silent',
});

/**
 * An installable app (issue 26): the web app manifest, its icons drawn from
 * public/favicon.svg by @vite-pwa/assets-generator at build time (the sizes
 * browsers and phones ask for, a maskable one, the Apple touch icon), and the
 * service worker built from service-worker/sw.ts with the build's precache
 * list. The page registers it (web/src/app/update-prompt.tsx), and a new
 * build waits for "Reload to update".
 */
const installableApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'service-worker',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  pwaAssets: { image: 'public/favicon.svg', preset: 'minimal-2023', overrideManifestIcons: true },
  manifest: {
    id: '/',
    name: 'Study Swamp',
    short_name: 'Study Swamp',
    description: 'Find study groups and connect with other University of Florida students.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#12372a',
    background_color: '#12372a',
  },
  injectManifest: {
    // The shell, the built scripts and styles, and the icons; never the .br/.gz twins (the browser asks for those itself).
    globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
  },
});

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompressed, installableApp],
  // The import aliases (@web/*, @contract/*, @domain/*) come from tsconfig.json's `paths`.
  resolve: { tsconfigPaths: true },
  css: { postcss: { plugins: [breakpoints()] } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: which chunks each screen loads, for the size budget (.size-limit.js).
    manifest: true,
  },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, strictPort: true, proxy: apiProxy },
});
