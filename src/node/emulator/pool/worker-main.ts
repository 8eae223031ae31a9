/**
 * A script's thread of the execution pool (built to build/emulator-worker.js). It runs one execution
 * at a time: evaluates Code.js in a fresh context whose globals are stand-ins for the execution's
 * services, calls the function, and sends back the result as google.script.run and scripts.run carry
 * it. Each service call blocks this thread until the spreadsheet's thread answers
 * (Atomics.wait until a shared flag is set, then the answer read synchronously from the port).
 */
import { format } from 'node:util';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { toTransportValue } from '../runtime/transport';
import { describeFailure, evaluateBundle } from '../script-context';
import { ScriptBridge } from './script-bridge';
import type { ConsoleLevel, Job, JobResult, ScriptRequest, ServiceReply, WorkerSetup } from './wire';

const { port, signal } = workerData as WorkerSetup;
const flag = new Int32Array(signal);
/** Waited on (never woken) for a service call's latency: this thread alone waits, as a script does in Google. */
const latencyCell = new Int32Array(new SharedArrayBuffer(4));
let latencyMs = 0;
let currentBridge: ScriptBridge | undefined;
/** Computed in the script's own runtime (formatDate, getUuid), not a round trip: no latency. */
const LOCAL_SERVICES = new Set(['Utilities']);

function hasLatency(request: ScriptRequest): boolean {
  if (latencyMs <= 0 || request.op !== 'call') return false;
  const kind = currentBridge?.kindOf(request.target);
  return kind === undefined || !LOCAL_SERVICES.has(kind);
}

function send(request: ScriptRequest): ServiceReply {
  if (hasLatency(request)) Atomics.wait(latencyCell, 0, 0, latencyMs);
  Atomics.store(flag, 0, 0);
  port.postMessage(request);
  // Only the flag says the answer is there. A wake-up alone may be the previous answer's: the spreadsheet's thread
  // sets the flag, then wakes this one, and can be held up in between until this thread waits for its next call.
  // Taken for an answer, that wake-up failed the call, and a script that caught it read each later call's answer
  // one call late ("spreadsheet.getId is not a function"), even in the thread's next executions.
  while (Atomics.load(flag, 0) === 0) Atomics.wait(flag, 0, 0);
  const reply = receiveMessageOnPort(port);
  if (!reply) throw new Error('The spreadsheet thread signalled an answer but sent none');
  return reply.message as ServiceReply;
}

const CONSOLE_LEVELS: readonly ConsoleLevel[] = ['log', 'info', 'warn', 'error', 'debug'];

function run(job: Job): Omit<JobResult, 'job'> {
  latencyMs = job.latencyMs ?? 0;
  const bridge = new ScriptBridge(send);
  currentBridge = bridge;
  // No prototype: nothing of Node is reachable from the script through its global object.
  const globals = Object.create(null) as Record<string, unknown>;
  for (const [name, service] of job.globals) globals[name] = bridge.decode(service);
  globals.console = Object.fromEntries(
    CONSOLE_LEVELS.map((level) => [
      level,
      (...data: unknown[]) => void send({ op: 'console', level, message: format(...data) }),
    ]),
  );
  const { context, realm } = evaluateBundle(globals, job.distDir);
  bridge.realm = realm;
  const entry = context[job.functionName];
  if (typeof entry !== 'function') throw new realm.Error(`Script function not found: ${job.functionName}`);
  if (job.event !== undefined) {
    (entry as (event: unknown) => unknown)(bridge.decode(job.event));
    return { result: null };
  }
  if (job.webEvent !== undefined) {
    // A web app returns a service object (a TextOutput): its handle goes back, the emulator reads what it serves.
    const returned = (entry as (event: unknown) => unknown)(realm.JSON.parse(JSON.stringify(job.webEvent)));
    return { returned: bridge.encode(returned) };
  }
  const args = realm.JSON.parse(JSON.stringify(job.args ?? [])) as unknown[];
  return { result: toTransportValue((entry as (...args: unknown[]) => unknown)(...args), 'result') };
}

parentPort!.on('message', (job: Job) => {
  let answer: JobResult;
  try {
    answer = { job: job.job, ...run(job) } as JobResult;
  } catch (error) {
    answer = { job: job.job, error: describeFailure(error) };
  }
  parentPort!.postMessage(answer);
});
