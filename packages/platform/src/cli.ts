import { CliUsageError, parseCliArgs } from './cli-args.js';
import { startPlatform } from './platform.js';
import { runDataCommand } from './services/data/cli.js';
import { runStateCommand } from './services/state/cli.js';
import { DataDirLockedError } from './storage/data-dir-lock.js';

/**
 * `atrium-platform`: exit code 2 for a wrong command line or a data directory another process
 * holds, 1 when the platform cannot start otherwise, 0 after a clean stop on SIGINT or SIGTERM.
 */
async function main(argv: readonly string[]): Promise<void> {
  let command: ReturnType<typeof parseCliArgs>;
  try {
    command = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    process.stderr.write(`atrium-platform: ${error.message}\n`);
    process.exitCode = 2;
    return;
  }
  if (command.kind === 'help') {
    process.stdout.write(`${command.text}\n`);
    return;
  }
  if (command.kind === 'data' || command.kind === 'state') {
    try {
      process.exitCode =
        command.kind === 'data'
          ? await runDataCommand(command.command)
          : await runStateCommand(command.command);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      process.stderr.write(`atrium-platform: ${error.message}\n`);
      process.exitCode = 2;
    }
    return;
  }

  let platform: Awaited<ReturnType<typeof startPlatform>>;
  try {
    platform = await startPlatform(command.options);
  } catch (error) {
    process.stderr.write(
      `atrium-platform: cannot start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    // Another process holds the data directory: a usage problem, as a wrong command line is.
    process.exitCode = error instanceof DataDirLockedError ? 2 : 1;
    return;
  }
  process.stdout.write(
    `listening on ${platform.url}\nsite id ${platform.siteId}\nowner sign-in ${platform.ownerSignInUrl}\n`,
  );

  const stop = (signal: NodeJS.Signals) => {
    process.stderr.write(`atrium-platform: ${signal}, stopping\n`);
    platform.close().then(
      () => {
        process.exitCode = 0;
      },
      (error: unknown) => {
        process.stderr.write(`atrium-platform: stopping failed: ${String(error)}\n`);
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main(process.argv.slice(2));
