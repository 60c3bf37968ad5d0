// Serves the built client (dist/web) and answers any other non-API GET with
// index.html, so deep links like /course/12 load the app.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';

export function staticClient(distDir: string): Middleware {
  const indexFile = path.join(distDir, 'index.html');
  const assets = serve(distDir, {
    index: false,
    // The build writes .br and .gz beside each script and stylesheet (web/vite.config.ts);
    // koa-send picks the one the browser accepts. Caches must keep the variants apart.
    brotli: true,
    gzip: true,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('Vary', 'Accept-Encoding');
    },
  }) as unknown as Middleware;

  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    await assets(ctx, async () => {});
    if (ctx.body != null || ctx.status !== 404) return;
    if (!existsSync(indexFile)) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'The client is not built yet: run `npm run build` (or use `npm run dev`).';
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = readFileSync(indexFile);
  };
}
