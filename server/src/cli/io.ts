/** What a command reads and writes: the process's streams and environment, or a test's. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** A refusal the operator can act on: printed without a stack, with a non-zero exit code. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    /** 1: the command failed; 2: it was called wrongly (unknown option, missing value). */
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}

export function processIo(): CliIo {
  return {
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
  };
}

/**
 * A password typed at a terminal (not echoed), or the first line of stdin when it is a pipe
 * (`echo "$PASSWORD" | kaleido create-admin …`).
 */
export async function readSecret(io: CliIo, prompt: string): Promise<string> {
  const { stdin } = io;
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '').trim();
  }
  const tty = stdin as NodeJS.ReadStream;
  io.err(prompt);
  tty.setRawMode(true);
  tty.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          done();
          io.err('');
          resolve(typed);
          return;
        }
        if (char === '\u0003') {
          done();
          reject(new CliError('cancelled'));
          return;
        }
        typed = char === '\u007f' ? typed.slice(0, -1) : typed + char;
      }
    };
    const done = () => {
      tty.off('data', onData);
      tty.setRawMode(false);
      tty.pause();
    };
    tty.on('data', onData);
  });
}
