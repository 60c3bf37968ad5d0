// `npm start`: runs the built server (dist/server/main.js, plain JavaScript),
// building it first only when it is missing or older than the sources, so a
// fresh clone still starts with `npm install && npm start` and a restart
// starts at once.
import { pathToFileURL } from 'node:url';
import { buildAll, isBuildCurrent, SERVER_ENTRY } from './build.mjs';

if (!(await isBuildCurrent())) {
  console.log('building Study Swamp (the client and the server) ...');
  await buildAll();
}
// Stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_ENTRY).href);
