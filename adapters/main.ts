// Process entry point for `npm start`: one line and a non-zero exit when
// configuration or a dependency is wrong; a graceful stop on SIGTERM/SIGINT.
import { ConfigError, parseConfig } from './config';
import { StartupError } from './dependency-errors';
import { createLogger } from './logger';
import { startServer } from './server';

async function main() {
  const config = parseConfig(process.env);
  const logger = createLogger(config.logLevel);
  const server = await startServer(config, logger);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    await server.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof StartupError) console.error(error.message);
  else console.error('Study Swamp failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
