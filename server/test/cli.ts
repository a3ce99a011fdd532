import { Readable } from 'node:stream';
import { runCli } from '../src/cli/cli.js';
import type { AppConfig } from '../src/config.js';

/** The environment a `kaleido` command would have on the installation `config` describes. */
export function cliEnvironment(config: AppConfig, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'test',
    DATA_DIR: config.dataDir,
    DATABASE_URL:
      config.database.kind === 'postgres' ? config.database.url : `sqlite:${config.database.file}`,
    SERVER_SECRET: config.serverSecret,
    LOG_LEVEL: 'silent',
    ...extra,
  };
}

/** Runs one `kaleido` command line in this process, with `stdin` piped in; answers its exit code and output. */
export async function kaleido(
  argv: string[],
  options: { env: NodeJS.ProcessEnv; stdin?: string; cwd?: string },
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, {
    out: (text) => {
      out += `${text}\n`;
    },
    err: (text) => {
      err += `${text}\n`;
    },
    stdin: Readable.from(options.stdin === undefined ? [] : [options.stdin]),
    env: options.env,
    cwd: options.cwd ?? process.cwd(),
  });
  return { code, out, err };
}
