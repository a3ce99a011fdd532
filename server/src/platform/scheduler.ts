/** A periodic task of this process (job recovery, monthly resets, clean-ups). */
export interface ScheduledTask {
  /** Unique within the scheduler; named in its log lines. */
  name: string;
  everyMs: number;
  /** Also run once as soon as the scheduler starts (not only after the first interval). */
  runAtStart?: boolean;
  run: () => Promise<unknown>;
  /** The log message when a run fails (default: "scheduled task failed"). */
  failure?: string;
}

export interface Scheduler {
  /** Registers a task; it runs once the scheduler is started (or at once if it already is). */
  add(task: ScheduledTask): void;
  /** Starts every task's timer; a second call does nothing. */
  start(): void;
  /** Stops the timers and waits for the runs under way. The scheduler can be started again. */
  stop(): Promise<void>;
  readonly started: boolean;
  /** The registered tasks' names, in order. */
  names(): string[];
}

interface TaskState {
  task: ScheduledTask;
  timer?: NodeJS.Timeout;
  /** The run under way; a tick while one runs is skipped, so runs of one task never overlap. */
  running?: Promise<void>;
}

/**
 * Runs named tasks every `everyMs`, started and stopped by whoever runs the process (main.ts, after
 * listening, when its role runs the scheduler), so building the app starts no timer. A failing run is
 * logged and the task (and every other) keeps its schedule; a tick that finds the previous run of the
 * same task still going is skipped. Timers are unref'd: they never keep the process alive.
 */
export function createScheduler(deps: {
  log: { warn(details: Record<string, unknown>, message: string): void };
}): Scheduler {
  const states = new Map<string, TaskState>();
  let started = false;

  const tick = (state: TaskState) => {
    if (state.running) return;
    state.running = Promise.resolve()
      .then(state.task.run)
      .then(
        () => undefined,
        (error: unknown) =>
          deps.log.warn({ err: error, task: state.task.name }, state.task.failure ?? 'scheduled task failed'),
      )
      .finally(() => {
        state.running = undefined;
      });
  };

  const startTask = (state: TaskState) => {
    if (state.task.runAtStart) tick(state);
    state.timer = setInterval(() => tick(state), state.task.everyMs);
    state.timer.unref();
  };

  return {
    add(task) {
      if (states.has(task.name)) throw new Error(`a scheduled task named ${task.name} exists already`);
      if (!(task.everyMs > 0)) throw new Error(`scheduled task ${task.name}: everyMs must be positive`);
      const state: TaskState = { task };
      states.set(task.name, state);
      if (started) startTask(state);
    },
    start() {
      if (started) return;
      started = true;
      for (const state of states.values()) startTask(state);
    },
    async stop() {
      started = false;
      for (const state of states.values()) {
        clearInterval(state.timer);
        state.timer = undefined;
      }
      await Promise.all([...states.values()].map((state) => state.running));
    },
    get started() {
      return started;
    },
    names: () => [...states.keys()],
  };
}
