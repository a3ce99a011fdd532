import { parseArgs } from 'node:util';
import { AppError } from '../platform/http/app-error.js';
import { VERSION } from '../version.js';
import { COMMANDS, type Command, type OptionValues } from './commands.js';
import { CliError, type CliIo } from './io.js';

function usage(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return [
    `kaleido ${VERSION}: operate a Kaleido installation (reads the same environment as the server)`,
    '',
    'Usage: kaleido <command> [options]     (npm run kaleido -- <command> [options])',
    '',
    'Commands:',
    ...COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'Run "kaleido <command> --help" for its options.',
  ].join('\n');
}

function commandHelp(command: Command): string {
  const options = Object.entries(command.options);
  const required = options.filter(([, option]) => option.required).map(([name]) => `--${name} <value>`);
  const width = Math.max(
    6,
    ...options.map(([name, option]) => name.length + (option.type === 'string' ? 8 : 0)),
  );
  return [
    `Usage: kaleido ${command.name}${required.length ? ` ${required.join(' ')}` : ''}${options.some(([, option]) => !option.required) ? ' [options]' : ''}`,
    '',
    `${command.summary}.`,
    command.help,
    '',
    'Options:',
    ...options.map(
      ([name, option]) =>
        `  --${`${name}${option.type === 'string' ? ' <value>' : ''}`.padEnd(width)}  ${option.description}${option.required ? ' (required)' : ''}`,
    ),
    `  --${'help'.padEnd(width)}  show this help`,
  ].join('\n');
}

/** Runs one command line; answers the exit code (0 done, 1 failed, 2 called wrongly). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage());
    return name ? 0 : 2;
  }
  if (name === '--version') {
    io.out(VERSION);
    return 0;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    io.err(`kaleido: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  try {
    let values: OptionValues;
    try {
      values = parseArgs({
        args: [...rest],
        options: {
          ...Object.fromEntries(
            Object.entries(command.options).map(([key, option]) => [key, { type: option.type }]),
          ),
          help: { type: 'boolean', short: 'h' },
        },
        strict: true,
        allowPositionals: false,
      }).values as OptionValues;
    } catch (error) {
      throw new CliError((error as Error).message, 2);
    }
    if (values.help) {
      io.out(commandHelp(command));
      return 0;
    }
    const missing = Object.entries(command.options).filter(
      ([key, option]) => option.required && typeof values[key] !== 'string',
    );
    if (missing.length) {
      throw new CliError(`${missing.map(([key]) => `--${key}`).join(', ')} required (see --help)`, 2);
    }
    await command.run(values, io);
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`kaleido ${command.name}: ${error.message}`);
      return error.exitCode;
    }
    // A service's refusal (an unknown account, a balance that would go below zero): its English message.
    if (error instanceof AppError) {
      io.err(`kaleido ${command.name}: ${error.message}`);
      return 1;
    }
    io.err(
      `kaleido ${command.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return 1;
  }
}
