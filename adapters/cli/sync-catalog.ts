// `npm run catalog:sync -- --term 2258 [--category CWSP|UFOL|IA] [--dry-run] [--fresh]
// [--allow-mass-withdraw] [--max-withdraw 20]`: syncs one term of the catalog
// from UF's Schedule of Courses (UF_SOC_URL) into the configured database, with
// a progress bar on a terminal (cli-progress), plain progress lines otherwise,
// and a summary; a run the sync's guards stop says why and what to do. With
// UF_SOC_COOKIE it asks as that signed-in ONE.UF session (never printed: every
// line that could carry it is masked). Exit codes (docs/deploy.md): 0 done,
// 1 failed (UF or the database out of reach: the next run resumes), 2 usage or
// configuration, 3 stopped by a guard (an operator decides), 75 another run of
// the same term and category holds the lock (nothing done).
import { SingleBar } from 'cli-progress';
import { parseArgs } from 'node:util';
import {
  SYNC_LIMITS,
  SyncInterruptedError,
  SyncLockedError,
  SyncStoppedError,
  type SyncEvent,
  type SyncSummary,
} from '@application/catalog/sync-catalog';
import { canonicalTerm, isTermName } from '@domain/course/term';
import { termFromUfCode, ufTermCode } from '@adapters/catalog/uf-schedule-of-courses';
import { cookieMask } from '@adapters/catalog/uf-session-cookie';
import { ConfigError, parseConfig } from '@adapters/config';
import { compose, INFRA } from '@adapters/container';
import { migrateToLatest } from '@adapters/database/migration-source';
import { createLogger } from '@adapters/logger';
import { USE_CASES } from '@adapters/use-cases';

const CATEGORIES = ['CWSP', 'UFOL', 'IA'];
const USAGE =
  'Usage: npm run catalog:sync -- --term 2258 [--category CWSP|UFOL|IA] [--dry-run] [--fresh] [--allow-mass-withdraw] ' +
  `[--max-withdraw PERCENT (default ${SYNC_LIMITS.maxWithdrawShare * 100})]`;

class UsageError extends Error {}

const EXIT = { failed: 1, usage: 2, stopped: 3, locked: 75 } as const;

// The cookie as given and as configuration reads it (without a leading "Cookie:"), masked in every line.
const rawMask = cookieMask(process.env.UF_SOC_COOKIE);
let configMask = (text: string) => text;
const mask = (text: string) => configMask(rawMask(text));
const say = (line: string) => console.log(mask(line));
const warn = (line: string) => console.error(mask(line));

/** The run's mode, said first: what UF will answer, and what happens to the meeting times known. */
function modeLine(signedIn: boolean): string {
  return signedIn
    ? 'Signed in: UF_SOC_COOKIE is set, so UF is asked as that ONE.UF session and answers meeting times.'
    : 'Anonymous: UF_SOC_COOKIE is not set, and UF answers meeting times only to a signed-in ONE.UF session. ' +
        'Sections keep the meeting times already known (docs/catalog.md says how to sign in).';
}

function noMeetingTimesWarning(event: Extract<SyncEvent, { kind: 'no-meeting-times' }>): string {
  return event.signedIn
    ? 'Warning: UF answered no meeting time in this run although UF_SOC_COOKIE is set: the ONE.UF session has probably expired ' +
        '(sign in again and copy the new cookie). Sections kept the meeting times already known.'
    : 'Warning: UF answers without meeting times, as it does to anonymous callers. Sections keep the meeting times already known; ' +
        'new sections have none until a signed-in run (set UF_SOC_COOKIE).';
}

function readArguments() {
  const { values } = parseArgs({
    options: {
      term: { type: 'string' },
      category: { type: 'string', default: 'CWSP' },
      'dry-run': { type: 'boolean', default: false },
      fresh: { type: 'boolean', default: false },
      'allow-mass-withdraw': { type: 'boolean', default: false },
      'max-withdraw': { type: 'string' },
    },
  });
  const given = values.term?.trim() ?? '';
  const term = termFromUfCode(given) ?? (isTermName(given) ? canonicalTerm(given) : null);
  const termCode = term ? ufTermCode(term) : null;
  if (!term || !termCode)
    throw new UsageError(
      `--term must be a UF term code such as 2258 (Fall 2025) or a term such as "Fall 2025" (got ${JSON.stringify(given)})`,
    );
  const category = values.category.toUpperCase();
  if (!CATEGORIES.includes(category))
    throw new UsageError(`--category must be one of ${CATEGORIES.join(', ')} (got ${JSON.stringify(values.category)})`);
  const maxWithdraw = values['max-withdraw']?.trim().replace(/\s*%$/, '');
  const percent = maxWithdraw === undefined ? undefined : Number(maxWithdraw);
  if (percent !== undefined && !(maxWithdraw !== '' && Number.isFinite(percent) && percent >= 0 && percent <= 100)) {
    throw new UsageError(`--max-withdraw must be a percentage from 0 to 100 (got ${JSON.stringify(values['max-withdraw'])})`);
  }
  return {
    term,
    termCode,
    category,
    dryRun: values['dry-run'],
    fresh: values.fresh,
    allowMassWithdraw: values['allow-mass-withdraw'],
    maxWithdrawShare: percent === undefined ? undefined : percent / 100,
  };
}

/** A bar (pages, courses, sections, ETA) on a terminal; a line per page anywhere else (CI logs, files). */
function progressReporter(tty: boolean) {
  const bar = tty
    ? new SingleBar({
        // On the output the terminal test was made on (cli-progress draws on stderr by default, so
        // `catalog:sync 2>errors.log` on a terminal showed neither a bar nor a line).
        stream: process.stdout,
        format: '  pages {value}/{total} |{bar}| {courses} courses, {sections} sections | ETA {eta_formatted}',
        barsize: 24,
        hideCursor: true,
        etaBuffer: 20,
      })
    : null;
  let started = false;
  return {
    event(event: SyncEvent) {
      if (event.kind === 'start') {
        say(modeLine(event.signedIn));
        if (event.resumedFrom !== null)
          say(`Resuming an interrupted run from control number ${event.resumedFrom} (${event.pagesDone} pages done)`);
        return;
      }
      if (event.kind === 'retry' || event.kind === 'no-meeting-times') {
        if (bar && started) bar.stop();
        started = false;
        if (event.kind === 'no-meeting-times') warn(noMeetingTimesWarning(event));
        else
          say(
            `  page at control number ${event.controlNumber}: ${event.reason}; asking again in ${event.waitMs / 1000} s (attempt ${event.attempt} of ${event.attempts})`,
          );
        return;
      }
      if (bar) {
        const payload = { courses: event.courses, sections: event.sections };
        if (!started) bar.start(event.pagesEstimate, event.pages, payload);
        else bar.setTotal(event.pagesEstimate);
        bar.update(event.pages, payload);
        started = true;
      } else {
        const c = event.counts;
        console.log(
          `  page ${event.pages} of about ${event.pagesEstimate}: ${event.courses} courses, ${event.sections} sections ` +
            `(${c.added} added, ${c.changed} changed, ${c.unchanged} unchanged so far)`,
        );
      }
    },
    stop() {
      if (bar && started) bar.stop();
    },
  };
}

/** "4 s", "2 min 5 s". */
function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

function summaryLine(s: SyncSummary, ms: number): string {
  return (
    `${s.dryRun ? 'Dry run, nothing written' : 'Done'}: ${s.added} sections added, ${s.changed} changed, ${s.unchanged} unchanged, ` +
    `${s.withdrawn} withdrawn (${s.pages} pages, ${s.courses} courses, ${s.sections} sections, ${s.rejected} records rejected) ` +
    `in ${duration(ms)}.`
  );
}

/** What the operator can do after a guard stopped the run. */
function whatNext(error: SyncStoppedError): string {
  if (error.reason === 'mass-withdraw') {
    return (
      'If UF really dropped them, run the same command with --allow-mass-withdraw (it finishes this run and withdraws them); ' +
      'if UF answered short, run it again later with --fresh.'
    );
  }
  return 'The pages before it are kept. Check UF_SOC_URL and try again later; --fresh starts over.';
}

const startedAt = performance.now();
try {
  const args = readArguments();
  const config = parseConfig(process.env);
  configMask = cookieMask(config.catalog.ufSocCookie);
  const { resolve } = compose(config, createLogger(config.logLevel));
  const db = resolve(INFRA.Knex);
  const progress = progressReporter(Boolean(process.stdout.isTTY));
  try {
    await migrateToLatest(db);
    say(
      `Syncing ${args.term} (${args.termCode}, ${args.category}) from ${config.catalog.ufSocUrl} into ` +
        `${config.databaseUrl ? 'Postgres' : `the embedded database in ${config.dataDir}`}${args.dryRun ? ' (dry run)' : ''}`,
    );
    const summary = await resolve(USE_CASES.syncCatalog).execute(args, (event) => progress.event(event));
    progress.stop();
    for (const rejection of summary.rejections) say(`  rejected: ${rejection}`);
    if (summary.keptMeetTimes > 0) say(`  ${summary.keptMeetTimes} sections UF listed without meeting times kept the ones known before.`);
    say(summaryLine(summary, performance.now() - startedAt));
  } finally {
    progress.stop();
    await db.destroy();
  }
} catch (error) {
  process.exit(failure(error));
}

/** Says why the run ended without finishing, and answers its exit code. */
function failure(error: unknown): number {
  if (error instanceof UsageError) {
    warn(`${error.message}\n${USAGE}`);
    return EXIT.usage;
  }
  if (error instanceof ConfigError) {
    warn(error.message);
    return EXIT.usage;
  }
  if (error instanceof SyncLockedError) {
    warn(`Sync skipped: ${error.message} Its lock goes when that run ends or its process dies.`);
    return EXIT.locked;
  }
  if (error instanceof SyncStoppedError) {
    warn(`Sync stopped: ${error.message} ${whatNext(error)}`);
    return EXIT.stopped;
  }
  if (error instanceof SyncInterruptedError)
    warn(`Sync interrupted: ${error.message} The pages before it are kept; run the same command again to resume.`);
  else warn(`Sync failed: ${(error as Error).message}`);
  return EXIT.failed;
}
