import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Write-ahead-log checkpoints of a SQLite file, run on a worker thread with its own connection.
 *
 * SQLite's automatic checkpoint runs inside whichever commit pushes the log past 1,000 pages: that
 * commit copies the pages into the database file and syncs it, on the event loop. On the public API's
 * accept path that was a third to a half of every commit's cost (86 µs of commit on average, 55 µs
 * with this worker) and a stall of tens of milliseconds for the unlucky request. The connection that
 * serves requests turns the automatic checkpoint down to a safety net (`SAFETY_NET_PAGES`, for when
 * this worker cannot run), and this worker checkpoints every `intervalMs` (250 ms) instead, in
 * parallel with the requests (a PASSIVE checkpoint never blocks writers).
 */
export interface SqliteCheckpointer {
  /** Stops the timer, runs a last checkpoint and closes the worker's connection. */
  close(): Promise<void>;
}

/** The requests' connection's own automatic checkpoint, kept as a fallback (about 40 MB of log). */
export const SAFETY_NET_PAGES = 10_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
function checkpoint() {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message ? error.message : error) });
  }
}
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export function startSqliteCheckpointer(
  file: string,
  options: { intervalMs?: number; onError?: (message: string) => void } = {},
): SqliteCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, intervalMs: options.intervalMs ?? 250 },
  });
  // The worker never keeps the process alive on its own; `close` ends it.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (message: { error?: string }) => {
    if (message.error) options.onError?.(message.error);
  });
  worker.on('error', (error) => options.onError?.(error.message));
  return {
    async close() {
      // Held open again until the worker has finished, or the process could end mid-close.
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
