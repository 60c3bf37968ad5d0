import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { gzipSync } from 'node:zlib';
export default defineConfig({
  root: '/work/main/web',
  plugins: [react(), { name: 'measure', generateBundle(_o, bundle) {
    const groups: Record<string, number> = {};
    for (const chunk of Object.values(bundle)) { if (chunk.type !== 'chunk') continue;
      for (const [id, m] of Object.entries(chunk.modules)) {
        const g = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? (/work\/main\/([^/]+\/[^/]+)/.exec(id)?.[1] ?? id);
        groups[g] = (groups[g] ?? 0) + gzipSync(m.code ?? '').length; } }
    console.log(Object.entries(groups).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${(v/1024).toFixed(1)}K ${k}`).join('\n'));
  } }],
  build: { outDir: '/tmp/measure-out', emptyOutDir: true },
});
