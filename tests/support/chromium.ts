// Debian's Chromium and the flags it runs with here (browser downloads are
// unavailable): shared by the Playwright config and the client benchmark.
import { existsSync } from 'node:fs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** /usr/bin/chromium when installed, else undefined (Playwright's own browser). */
export function systemChromium(): string | undefined {
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
