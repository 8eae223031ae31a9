/**
 * Executions that run at the same time, as Google runs them: a sidebar's poll, a person's click and
 * an agent's scripts.run call overlap (https://developers.google.com/apps-script/guides/html/communication:
 * google.script.run calls are asynchronous; the quotas page allows 30 simultaneous executions per user).
 *
 * The spreadsheet, its services and its lock table stay on this thread (the state owner); each
 * execution's script runs on a thread of its own (worker-main.ts) and reaches the services through
 * service-bridge.ts, one message per service call. So each service call is atomic, executions
 * interleave between calls, and LockService.waitLock/tryLock really wait while others run.
 *
 * Limits, from https://developers.google.com/apps-script/guides/services/quotas ("If you exceed a quota
 * or limitation, your script throws an exception and execution stops"):
 *  - 30 simultaneous executions per user: a 31st is refused before it starts (ExecutionRefused), the
 *    stricter reading, since what Google does with it is not documented beyond "throws";
 *  - 6 minutes per execution: the script's thread is stopped, its locks released, and the call fails
 *    with "Exceeded maximum execution time".
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { createExecution, DEFAULT_USER, type Execution, type ExecutionOptions } from '../execution';
import { bundleFunctionNames, withExecution, type RunOutcome, type WebAppOutcome } from '../load-bundle';
import { applyPersonEdit, type PersonEdit } from '../person-edits';
import type { EmulatedSpreadsheet } from '../model/emulated-spreadsheet';
import { toTransportValue, type JsonValue } from '../runtime/transport';
import { describeFailure, type ScriptFailure } from '../script-context';
import {
  WEB_APP_CONTEXT,
  servedOutput,
  webAppErrorPage,
  webAppEvent,
  webAppFunction,
  type WebAppAnswer,
  type WebAppRequest,
} from '../web-app';
import { ServiceBridge } from './service-bridge';
import type { Job, JobResult, ScriptRequest, WorkerSetup } from './wire';

/** Google's limits (quotas page, "Current limitations"). */
export const MAX_EXECUTIONS_PER_USER = 30;
export const EXECUTION_TIME_LIMIT_MS = 6 * 60 * 1000;
/** Simple triggers "cannot run for longer than 30 seconds" (https://developers.google.com/apps-script/guides/triggers#restrictions). */
export const SIMPLE_TRIGGER_TIME_LIMIT_MS = 30 * 1000;

export interface PoolOptions {
  /** Default 30, Google's simultaneous executions per user. */
  readonly maxExecutionsPerUser?: number;
  /**
   * Default 0. Milliseconds each service call of a script takes before it reaches the spreadsheet, as a round trip
   * inside Google does (tens of milliseconds): the script's thread waits, the others run on. For measuring what a
   * change holds the lock for (bench/concurrent-load.ts).
   */
  readonly serviceLatencyMs?: number;
  /** Default 6 minutes, Google's limit per execution. */
  readonly executionTimeLimitMs?: number;
  /** Default 30 seconds, Google's limit for a simple trigger (onEdit in AuthMode LIMITED or NONE). */
  readonly simpleTriggerTimeLimitMs?: number;
  /** How long a thread with nothing to do is kept for the next execution. Default 5 s. */
  readonly idleThreadMs?: number;
  /** The built script thread. Default: build/emulator-worker.js of this package (npm run build makes it). */
  readonly workerFile?: string;
}

/** An execution refused before it started: nothing ran. */
export class ExecutionRefused extends Error {}

export interface PoolStatistics {
  /** Executions started (refused ones not counted). */
  readonly executions: number;
  readonly refused: number;
  /** The most executions that were running at one moment. */
  readonly peakConcurrent: number;
}

/** What a pooled execution runs: a function with plain JSON arguments, a trigger with its event, or a web app. */
interface JobSpec {
  readonly distDir: string;
  readonly functionName: string;
  readonly args?: JsonValue[];
  readonly event?: Record<string, unknown>;
  readonly webEvent?: JsonValue;
  /** A shorter limit than the pool's (a simple trigger's). */
  readonly timeLimitMs?: number;
}

type Dispatched = { result: JsonValue } | { error: ScriptFailure } | { returned: unknown };

export class ExecutionPool {
  readonly #maxPerUser: number;
  readonly #timeLimitMs: number;
  readonly #simpleTriggerLimitMs: number;
  readonly #latencyMs: number;
  readonly #idleMs: number;
  readonly #workerFile: string;
  readonly #idle: ScriptThread[] = [];
  readonly #busy = new Set<ScriptThread>();
  readonly #runningByUser = new Map<string, number>();
  #running = 0;
  #executions = 0;
  #refused = 0;
  #peak = 0;
  #jobs = 0;
  #closed = false;

  constructor(options: PoolOptions = {}) {
    this.#maxPerUser = options.maxExecutionsPerUser ?? MAX_EXECUTIONS_PER_USER;
    this.#timeLimitMs = options.executionTimeLimitMs ?? EXECUTION_TIME_LIMIT_MS;
    this.#simpleTriggerLimitMs = Math.min(
      this.#timeLimitMs,
      options.simpleTriggerTimeLimitMs ?? SIMPLE_TRIGGER_TIME_LIMIT_MS,
    );
    this.#latencyMs = options.serviceLatencyMs ?? 0;
    this.#idleMs = options.idleThreadMs ?? 5000;
    this.#workerFile = options.workerFile ?? builtWorkerFile();
  }

  /** google.script.run or scripts.run: `functionName(...args)` in a new execution, at the same time as others. */
  async run(
    spreadsheet: EmulatedSpreadsheet,
    distDir: string,
    functionName: string,
    args: readonly unknown[] = [],
    options: ExecutionOptions = {},
  ): Promise<RunOutcome> {
    const leave = this.#admit(options);
    try {
      return await this.#settle(spreadsheet, options, () => {
        if (!bundleFunctionNames(distDir).includes(functionName))
          throw new Error(`Script function not found: ${functionName}`);
        return { distDir, functionName, args: toTransportValue([...args], 'argument') as JsonValue[] };
      });
    } finally {
      leave();
    }
  }

  /**
   * A request to the web app (../web-app.ts): doGet(e) or doPost(e) in a new web-app execution, at the same time as
   * others and within the same limits; answers what Google would serve (always with status 200).
   */
  async runWebApp(
    spreadsheet: EmulatedSpreadsheet,
    distDir: string,
    request: WebAppRequest,
    options: ExecutionOptions = {},
  ): Promise<WebAppOutcome> {
    const webOptions: ExecutionOptions = { context: WEB_APP_CONTEXT, ...options };
    const leave = this.#admit(webOptions);
    const execution = createExecution(spreadsheet, { ...webOptions, concurrent: true });
    let answer: WebAppAnswer;
    try {
      const functionName = webAppFunction(request);
      if (!bundleFunctionNames(distDir).includes(functionName))
        throw new Error(`Script function not found: ${functionName}`);
      const webEvent = webAppEvent(request) as JsonValue;
      const outcome = await this.#dispatch(execution, { distDir, functionName, webEvent });
      answer =
        'error' in outcome
          ? webAppErrorPage(outcome.error.message)
          : servedOutput(execution.implementationOf('returned' in outcome ? outcome.returned : null));
    } catch (error) {
      answer = webAppErrorPage(describeFailure(error).message);
    } finally {
      execution.end();
      leave();
    }
    Object.defineProperty(answer, 'execution', { value: execution, enumerable: false });
    return answer as WebAppOutcome;
  }

  /**
   * A person edits cells in the Sheets UI (person-edits.ts): the cells change, then the simple trigger onEdit(e)
   * runs in a trigger execution of its own, with the event Sheets builds.
   */
  async editAsPerson(
    spreadsheet: EmulatedSpreadsheet,
    distDir: string,
    edit: PersonEdit,
    options: ExecutionOptions = {},
  ): Promise<RunOutcome> {
    const authMode = options.authMode ?? 'LIMITED';
    const triggerOptions: ExecutionOptions = { ...options, context: options.context ?? 'trigger', authMode };
    const leave = this.#admit(triggerOptions);
    try {
      const { range, values } = applyPersonEdit(spreadsheet, edit, options.now);
      return await this.#settle(spreadsheet, triggerOptions, (execution) =>
        bundleFunctionNames(distDir).includes('onEdit')
          ? {
              distDir,
              functionName: 'onEdit',
              event: execution.editEvent(authMode, range, values),
              // An installable onEdit runs in FULL, with the limit of any execution.
              ...(authMode === 'FULL' ? {} : { timeLimitMs: this.#simpleTriggerLimitMs }),
            }
          : null,
      );
    } finally {
      leave();
    }
  }

  /** A person types `text` into one cell (what the local server's page does). */
  editCellAsPerson(
    spreadsheet: EmulatedSpreadsheet,
    distDir: string,
    a1Notation: string,
    text: string,
    options: ExecutionOptions = {},
  ): Promise<RunOutcome> {
    return this.editAsPerson(spreadsheet, distDir, { kind: 'type', cell: a1Notation, text }, options);
  }

  statistics(): PoolStatistics {
    return { executions: this.#executions, refused: this.#refused, peakConcurrent: this.#peak };
  }

  /** Stops every thread; executions still running fail and release their locks. */
  async close(): Promise<void> {
    this.#closed = true;
    const threads = [...this.#idle, ...this.#busy];
    this.#idle.length = 0;
    await Promise.all(threads.map((thread) => thread.stop('The emulator is shutting down')));
  }

  /** Takes one of the user's execution slots, or refuses; answers the function that gives it back. */
  #admit(options: ExecutionOptions): () => void {
    if (this.#closed) throw new ExecutionRefused('The emulator is shutting down: no new executions');
    if (options.now) {
      throw new Error('A pooled execution runs on the real clock; ExecutionOptions.now is for in-process runs');
    }
    const user = options.user ?? DEFAULT_USER;
    const running = this.#runningByUser.get(user) ?? 0;
    if (running >= this.#maxPerUser) {
      this.#refused++;
      throw new ExecutionRefused(
        `Too many simultaneous executions: ${user} already has ${running} running, and Apps Script allows ` +
          `${this.#maxPerUser} per user. Nothing ran; try again when one has finished.`,
      );
    }
    this.#runningByUser.set(user, running + 1);
    this.#running++;
    this.#executions++;
    this.#peak = Math.max(this.#peak, this.#running);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.#running--;
      const now = (this.#runningByUser.get(user) ?? 1) - 1;
      if (now > 0) this.#runningByUser.set(user, now);
      else this.#runningByUser.delete(user);
    };
  }

  /** Runs the job `prepare` describes (null: nothing to run) in a new execution; always ends the execution. */
  async #settle(
    spreadsheet: EmulatedSpreadsheet,
    options: ExecutionOptions,
    prepare: (execution: Execution) => JobSpec | null,
  ): Promise<RunOutcome> {
    const execution = createExecution(spreadsheet, { ...options, concurrent: true });
    let outcome: { result: JsonValue } | { error: ScriptFailure };
    try {
      const spec = prepare(execution);
      const dispatched = spec ? await this.#dispatch(execution, spec) : { result: null };
      outcome = 'returned' in dispatched ? { result: null } : dispatched;
    } catch (error) {
      outcome = { error: describeFailure(error) };
    } finally {
      execution.end();
    }
    return withExecution(outcome, execution);
  }

  async #dispatch(execution: Execution, spec: JobSpec): Promise<Dispatched> {
    const bridge = new ServiceBridge(execution);
    const distDir = path.resolve(spec.distDir);
    execution.runsProjectIn(distDir);
    const job: Job = {
      job: ++this.#jobs,
      distDir,
      globals: bridge.globals(),
      functionName: spec.functionName,
      ...(this.#latencyMs > 0 ? { latencyMs: this.#latencyMs } : {}),
      ...(spec.args ? { args: spec.args } : {}),
      ...(spec.event ? { event: bridge.encode(spec.event) } : {}),
      ...(spec.webEvent !== undefined ? { webEvent: spec.webEvent } : {}),
    };
    const thread = this.#takeThread();
    this.#busy.add(thread);
    let answer: JobResult;
    try {
      answer = await thread.run(job, bridge, spec.timeLimitMs ?? this.#timeLimitMs);
    } catch (error) {
      // A stopped or failed thread is not reused.
      this.#busy.delete(thread);
      void thread.stop('Not reused after a failure');
      throw error;
    }
    this.#busy.delete(thread);
    if (this.#closed) void thread.stop('The emulator is shutting down');
    else this.#rest(thread);
    if ('error' in answer) return { error: answer.error };
    return 'returned' in answer ? { returned: bridge.decode(answer.returned) } : { result: answer.result };
  }

  /** An idle thread that is still alive (one may have exited while it rested), or a new one. */
  #takeThread(): ScriptThread {
    for (let thread = this.#idle.pop(); thread; thread = this.#idle.pop()) {
      thread.cancelIdle();
      if (!thread.stopped) return thread;
    }
    return new ScriptThread(this.#workerFile);
  }

  #rest(thread: ScriptThread): void {
    this.#idle.push(thread);
    thread.idleFor(this.#idleMs, () => {
      const index = this.#idle.indexOf(thread);
      if (index >= 0) this.#idle.splice(index, 1);
    });
  }
}

/** One script thread, and the answering of its service calls. */
class ScriptThread {
  readonly #worker: Worker;
  readonly #flag = new Int32Array(new SharedArrayBuffer(4));
  #bridge: ServiceBridge | null = null;
  #current: { resolve(result: JobResult): void; reject(error: Error): void } | null = null;
  #idleTimer: NodeJS.Timeout | null = null;
  #stopped = false;

  constructor(workerFile: string) {
    const { port1, port2 } = new MessageChannel();
    const setup: WorkerSetup = { port: port2, signal: this.#flag.buffer as SharedArrayBuffer };
    this.#worker = new Worker(workerFile, { workerData: setup, transferList: [port2] });
    port1.on('message', (request: ScriptRequest) => void this.#answer(port1, request));
    port1.unref();
    this.#worker.on('message', (result: JobResult) => {
      const current = this.#current;
      this.#current = null;
      current?.resolve(result);
    });
    this.#worker.on('error', (error) => this.#fail(`The script's thread failed: ${error.message}`));
    this.#worker.on('exit', (code) => {
      this.#stopped = true;
      this.#fail(`The script's thread stopped (exit code ${code})`);
    });
  }

  /** Stopped by the pool, or exited on its own: it runs nothing more. */
  get stopped(): boolean {
    return this.#stopped;
  }

  run(job: Job, bridge: ServiceBridge, timeLimitMs: number): Promise<JobResult> {
    this.#bridge = bridge;
    this.#worker.ref();
    return new Promise<JobResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        void this.stop('Exceeded maximum execution time');
      }, timeLimitMs);
      this.#current = {
        resolve: (result) => {
          clearTimeout(timer);
          resolve(result);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.#worker.postMessage(job);
    }).finally(() => {
      this.#bridge = null;
      this.#worker.unref();
    });
  }

  idleFor(ms: number, onStop: () => void): void {
    this.#idleTimer = setTimeout(() => {
      onStop();
      void this.stop('idle');
    }, ms);
    this.#idleTimer.unref();
  }

  cancelIdle(): void {
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
  }

  /** Stops the thread; a running execution fails with `reason`. */
  async stop(reason: string): Promise<void> {
    this.cancelIdle();
    this.#fail(reason);
    if (this.#stopped) return;
    this.#stopped = true;
    await this.#worker.terminate();
  }

  #fail(reason: string): void {
    const current = this.#current;
    this.#current = null;
    current?.reject(new Error(reason));
  }

  /** Answers one service call; the script's thread is blocked until the flag is set. */
  async #answer(port: MessagePort, request: ScriptRequest): Promise<void> {
    const bridge = this.#bridge;
    const reply = bridge
      ? await bridge.answer(request)
      : { error: { name: 'Error', message: 'No execution is running on this thread' } };
    if (this.#stopped) return;
    port.postMessage(reply);
    Atomics.store(this.#flag, 0, 1);
    Atomics.notify(this.#flag, 0);
  }
}

/** build/emulator-worker.js of the package this file belongs to (src/… under jest, build/ once bundled). */
function builtWorkerFile(): string {
  let folder = __dirname;
  while (!existsSync(path.join(folder, 'package.json'))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`No package.json above ${__dirname}`);
    folder = parent;
  }
  const file = path.join(folder, 'build', 'emulator-worker.js');
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build`);
  return file;
}
