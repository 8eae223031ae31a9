/**
 * The end-to-end tests of test/agents, against a real deployment, when it is configured:
 *   SHEET_PLAN_LIVE_SCRIPT_ID   deployment id of an API executable bound to a scratch spreadsheet
 *                               (the tests replace its plan; the old one stays in the history)
 *   SHEET_PLAN_ACCESS_TOKEN, or SHEET_PLAN_CLIENT_ID + SHEET_PLAN_CLIENT_SECRET + SHEET_PLAN_REFRESH_TOKEN
 *   SHEET_PLAN_LIVE_ENDPOINT    optional root URL (default https://script.googleapis.com/)
 * Without them every test here is reported as skipped (docs/agents.md, "Live tests").
 */
import {
  authFromEnvironment,
  clientFromEnvironment,
  GOOGLE_ROOT_URL,
  PlanClientError,
  type PlanClient,
} from '../../src/node/client';
import { ASSUMPTIONS } from '../../src/node/emulator';
import { defineEndToEndTests } from '../agents/end-to-end';

const scriptId = process.env.SHEET_PLAN_LIVE_SCRIPT_ID;
const endpoint = process.env.SHEET_PLAN_LIVE_ENDPOINT ?? GOOGLE_ROOT_URL;
const configured = Boolean(scriptId && authFromEnvironment());
const describeLive = configured ? describe : describe.skip;

// Each scripts.run call takes a second or two on Google's side.
jest.setTimeout(300_000);

const target = configured
  ? `${endpoint}, deployment ${scriptId}`
  : 'not configured: set SHEET_PLAN_LIVE_SCRIPT_ID and credentials';
describeLive(`a real deployment (${target})`, () => {
  let client: PlanClient;
  beforeAll(() => {
    client = clientFromEnvironment({ endpoint, scriptId });
  });

  defineEndToEndTests(() => client);

  test('an id that is no deployment is an API_ERROR 404', async () => {
    const wrong = clientFromEnvironment({ endpoint, scriptId: `${scriptId}-not-a-deployment` });
    const error = await wrong.getPlan().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PlanClientError);
    expect(error).toMatchObject({ code: 'API_ERROR', httpStatus: 404 });
  });

  // What the emulator assumes where Google's docs are silent (src/node/emulator/assumptions.ts), checked
  // wherever a function of the product shows it.
  const shown = ASSUMPTIONS.flatMap((assumption) =>
    assumption.live ? [[assumption.id, assumption.live] as const] : [],
  );
  test.each(shown)("the emulator's assumption %s holds", async (_id, live) => {
    const error = await client.run(live.function).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PlanClientError);
    expect((error as Error).message).toMatch(new RegExp(live.errorMatches));
  });
});
