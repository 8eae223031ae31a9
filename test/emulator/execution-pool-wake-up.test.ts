/**
 * The script's thread of the execution pool waits for each service call's answer on a shared flag. The spreadsheet's
 * thread posts the answer, sets the flag, then wakes the waiter: under load it can be descheduled between the last two,
 * so its wake-up reaches the script's thread only once that thread already waits for its *next* call. Here the test
 * plays the spreadsheet's thread and sends exactly such a late wake-up, deterministically.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { Job, JobResult, ScriptRequest, ServiceReply, WorkerSetup } from '../../src/node/emulator/pool/wire';

const WORKER_FILE = path.resolve(__dirname, '../../build/emulator-worker.js');
const FIXTURE = `
function askThrice() { return [Names.next(), Names.next(), Names.next()]; }
function openAfterCaught() {
  Names.next();
  var second;
  try { second = Names.next(); } catch (e) { second = 'lost: ' + e.message; }
  var spreadsheet = Names.open();
  return [second, spreadsheet.getId()];
}
`;

let distDir: string;
let worker: Worker;
let port: MessagePort;
let flag: Int32Array;

beforeEach(() => {
  distDir = mkdtempSync(path.join(tmpdir(), 'pool-wake-up-'));
  writeFileSync(path.join(distDir, 'Code.js'), FIXTURE);
  const { port1, port2 } = new MessageChannel();
  flag = new Int32Array(new SharedArrayBuffer(4));
  const setup: WorkerSetup = { port: port2, signal: flag.buffer as SharedArrayBuffer };
  worker = new Worker(WORKER_FILE, { workerData: setup, transferList: [port2] });
  port = port1;
});

afterEach(async () => {
  port.close();
  await worker.terminate();
  rmSync(distDir, { recursive: true, force: true });
});

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers as ScriptThread does: the answer on the port, then the flag, then the wake-up. */
function answer(reply: ServiceReply): void {
  port.postMessage(reply);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

/** Wakes the script's thread without an answer (the late wake-up of the previous one), once it is waiting. */
async function wakeWithoutAnswer(): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Atomics.notify(flag, 0) === 0) {
    if (Date.now() > deadline) throw new Error('The script thread never waited');
    await delay(1);
  }
}

/**
 * Plays the spreadsheet's thread for one job, answering the calls in order with `answers`. The wake-up of the first
 * answer is sent again once the script waits for its second call; that call's answer follows 20 ms later, or at once
 * should the script make another call first (as the spreadsheet's thread answers calls in the order they came).
 */
async function runWithLateWakeUp(functionName: string, answers: readonly ServiceReply[]) {
  const requests: ScriptRequest[] = [];
  let answered = 0;
  const answerUpTo = (count: number) => {
    while (answered < count) answer(answers[answered++]);
  };
  port.on('message', (request: ScriptRequest) => {
    requests.push(request);
    if (requests.length !== 2) return answerUpTo(requests.length);
    void wakeWithoutAnswer().then(async () => {
      await delay(20);
      answerUpTo(2);
    });
  });
  const job: Job = {
    job: 1,
    distDir,
    globals: [['Names', { t: 'service', id: 1, shape: { kind: 'Names', methods: ['next', 'open'], fields: [] } }]],
    functionName,
    args: [],
  };
  const finished = new Promise<JobResult>((resolve) => worker.once('message', resolve));
  worker.postMessage(job);
  return { result: await finished, methods: requests.map((request) => request.op === 'call' && request.method) };
}

test("a late wake-up, while the script waits for its next call, is not taken for that call's answer", async () => {
  const { result, methods } = await runWithLateWakeUp('askThrice', [
    { value: 'first' },
    { value: 'second' },
    { value: 'third' },
  ]);
  expect(result).toEqual({ job: 1, result: ['first', 'second', 'third'] });
  expect(methods).toEqual(['next', 'next', 'next']);
});

test("each call reads its own answer: a service object is never answered with the previous call's value", async () => {
  const spreadsheet = { t: 'service', id: 2, shape: { kind: 'Spreadsheet', methods: ['getId'], fields: [] } } as const;
  const { result } = await runWithLateWakeUp('openAfterCaught', [
    { value: 'first' },
    { value: 'second' },
    { value: spreadsheet },
    { value: 'sheet-id' },
  ]);
  expect(result).toEqual({ job: 1, result: ['second', 'sheet-id'] });
});
