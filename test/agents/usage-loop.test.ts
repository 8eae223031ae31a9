/** The spec's Usage loop, end to end: PlanClient → the local emulator's scripts.run → dist/Code.js. */
import type { PlanClient } from '../../src/node/client';
import { startLocalEmulator, type LocalEmulator } from '../client/local-emulator';
import { defineEndToEndTests } from './end-to-end';

let emulator: LocalEmulator;
let client: PlanClient;
beforeEach(async () => {
  emulator = await startLocalEmulator('no plan');
  client = emulator.client();
});
afterEach(async () => {
  await emulator.close();
});

describe("the spec's Usage loop through PlanClient and the local emulator", () => {
  defineEndToEndTests(() => client);
});
