// The server's Content-Security-Policy allows no eval, and zod probes for it
// (new Function) to compile its object parsers. This module is imported first
// by main.tsx, because zod reads the setting when each schema is created.
import * as z from 'zod/mini';

z.config({ jitless: true });
