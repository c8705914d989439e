import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Logger, run, type Runner, type RunnerOptions, type TaskList } from 'graphile-worker';
import pg from 'pg';
import { sendChatPushes } from '../chat/service.js';
import { isReminderPayload, sendReminder } from './service.js';

/** Jobs this instance runs at once; reminders and chat pushes are one short transaction each. */
const CONCURRENCY = 2;

/** graphile-worker's log lines through the app's logger; its per-job chatter only at debug level. */
function workerLogger(log: FastifyBaseLogger) {
  return new Logger(() => (level, message, meta) => {
    const line = { ...(meta ?? {}) };
    if ((level as string) === 'error') log.error(line, message);
    else if ((level as string) === 'warning') log.warn(line, message);
    else log.debug(line, message);
  });
}

/**
 * The job queue's runner (decision 008): started with the server when `JOBS=on`, stopped when it closes. Stopping
 * is graceful: the jobs running finish (graphile-worker aborts them after 5 s), the others stay in the database for
 * the next runner of any instance. Several instances may run it: graphile-worker locks each job
 * (`FOR UPDATE SKIP LOCKED`), so a job runs on one of them, and the delivery rows make a job done twice harmless.
 */
export function registerJobRunner(app: FastifyInstance) {
  const { config, db, events, pool } = app.deps;
  if (!config.jobs.enabled) return;
  const log = app.log.child({ component: 'jobs' });
  const tasks: TaskList = {
    'room-reminder': async (payload) => {
      // A payload only the trigger of migration 0008 writes; one that is not its shape can never succeed.
      if (!isReminderPayload(payload)) {
        log.error({ payload }, 'room-reminder job with a malformed payload: dropped');
        return;
      }
      const outcome = await sendReminder(db, events, payload);
      log.info({ roomId: payload.roomId, kind: payload.kind, ...outcome }, 'room reminder');
    },
    // Planned by a chat message (features/chat/queries.ts), a few seconds after the first of a burst.
    'chat-push': async (payload) => {
      const roomId = (payload as { roomId?: unknown } | null)?.roomId;
      if (typeof roomId !== 'string') {
        log.error({ payload }, 'chat-push job with a malformed payload: dropped');
        return;
      }
      const pushed = await sendChatPushes(db, events, roomId);
      log.debug({ roomId, pushed }, 'chat push');
    },
  };
  const runnerOptions = (ownPool: pg.Pool): RunnerOptions => ({
    pgPool: ownPool,
    taskList: tasks,
    concurrency: CONCURRENCY,
    pollInterval: config.jobs.pollIntervalMs,
    // main.ts owns SIGINT/SIGTERM: the runner stops when the app closes.
    noHandleSignals: true,
    logger: workerLogger(log),
    // No recurring jobs (and no crontab file read from the working directory).
    parsedCronItems: [],
    // Completions and failures through graphile-worker's batcher (flushed at once: delay 0), which a graceful stop
    // awaits; unbatched, a job finishing during the stop was done but not marked so, and would run again.
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
  });
  let runner: Runner | undefined;
  let runnerPool: pg.Pool | undefined;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;

  const start = async () => {
    // Its own small pool: the runner keeps one connection for LISTEN and must not take the requests' connections.
    const ownPool = new pg.Pool({ ...pool.options, max: CONCURRENCY + 2 });
    // A lost connection is reported by graphile-worker when it next uses it; it must not crash the process.
    ownPool.on('error', () => {});
    ownPool.on('connect', (client) => client.on('error', () => {}));
    runnerPool = ownPool;
    const started = await run(runnerOptions(ownPool)).catch(async (err: unknown) => {
      runnerPool = undefined;
      await ownPool.end().catch(() => {});
      throw err;
    });
    runner = started;
    // A runner that gives up (the database was gone too long) is replaced while the server keeps serving.
    started.promise.catch((err: unknown) => {
      if (closing || runner !== started) return;
      log.error({ err }, 'job runner stopped unexpectedly: restarting it in 5 s');
      runner = undefined;
      runnerPool = undefined;
      void ownPool.end().catch(() => {});
      restartLater();
    });
    log.info({ pollIntervalMs: config.jobs.pollIntervalMs }, 'job runner started');
  };

  let starting: Promise<void> | undefined;
  function restartLater() {
    retry = setTimeout(() => {
      if (!closing) starting = start().catch(startFailed);
    }, 5_000);
    retry.unref();
  }
  function startFailed(err: unknown) {
    log.error({ err }, 'job runner could not start: trying again in 5 s');
    if (!closing) restartLater();
  }
  // Not awaited: the server answers as soon as it is ready, the runner joins a moment later (a second under load,
  // which the crash tests' restart budget felt). Due jobs wait for it in the database meanwhile.
  app.addHook('onReady', async () => {
    starting = start().catch(startFailed);
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(retry);
    await starting;
    await runner?.stop();
    await runner?.promise.catch(() => {}); // reported where it was started
    await runnerPool?.end();
    runner = undefined;
    runnerPool = undefined;
  });
}
