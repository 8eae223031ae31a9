/**
 * Agent keys, held by the person: the sidebar's Connect functions through the bundle (only with the person token), and
 * agentForKey, the check the web app makes of every agent call, run against the emulator's services.
 */
import { createHash } from 'node:crypto';
import {
  AGENTS_PROPERTY,
  MAX_AGENTS,
  agentForKey,
  constantTimeEqual,
  createAgentKey,
  listAgents,
} from '../../src/apps-script/agent-keys';
import { EmulatedSpreadsheet, createExecution, loadBundle, type ExecutionOptions } from '../../src/node/emulator';
import { DIST, callAsPerson, execute, openSidebar, snapshot } from './harness';

const WEB_APP = 'https://script.google.com/macros/s/AKfy-deployment/exec';

/** A sheet whose web app is deployed at `url` and was opened once (doGet), so it knows its own address. */
function deployedSheet(url: string | null = WEB_APP, opened = true): EmulatedSpreadsheet {
  const spreadsheet = new EmulatedSpreadsheet();
  spreadsheet.webAppUrl = url;
  if (opened) expect(execute(spreadsheet, 'doGet', [{}]).error).toBeUndefined();
  return spreadsheet;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The agent list as stored in the script properties. */
function stored(spreadsheet: EmulatedSpreadsheet): any[] {
  return JSON.parse(spreadsheet.properties.script.get(AGENTS_PROPERTY) ?? '[]');
}

/**
 * Runs `work` (code of src/apps-script) in one execution of the emulator: its Apps Script globals are installed for
 * the call, as the bundle sees them. Answers the result and the execution (its call log).
 */
function inExecution<T>(
  spreadsheet: EmulatedSpreadsheet,
  work: () => T,
  options: ExecutionOptions = {},
  prepare?: (execution: ReturnType<typeof createExecution>) => void,
) {
  const execution = createExecution(spreadsheet, { context: 'api', containerBound: false, ...options });
  prepare?.(execution);
  const host = globalThis as Record<string, unknown>;
  const names = Object.keys(execution.globals).filter((name) => name !== 'console');
  for (const name of names) host[name] = (execution.globals as unknown as Record<string, unknown>)[name];
  try {
    return { result: work(), execution };
  } finally {
    for (const name of names) delete host[name];
    execution.end();
  }
}

describe('the person connects an agent in the sidebar', () => {
  test('the key is shown once with its URL; only its SHA-256 is kept, with the name and no last use', () => {
    const spreadsheet = deployedSheet();
    const token = openSidebar(spreadsheet);
    const connected = callAsPerson(spreadsheet, token, 'sidebarConnectAgent', '  Claude on my laptop ');
    expect(connected.key).toMatch(/^sp-[0-9a-f]{64}$/);
    expect(connected.url).toBe(`${WEB_APP}?key=${connected.key}`);
    expect(connected.agent).toEqual({
      id: expect.any(String),
      name: 'Claude on my laptop',
      created: expect.any(String),
      lastUsed: null,
    });
    expect(connected.agents).toEqual([connected.agent]);
    expect(stored(spreadsheet)).toEqual([{ ...connected.agent, hash: sha256(connected.key) }]);
    expect(JSON.stringify(spreadsheet.toJSON())).not.toContain(connected.key.slice(3));

    const listed = callAsPerson(spreadsheet, token, 'sidebarListAgents');
    expect(listed).toEqual({ agents: [connected.agent], webAppUrl: WEB_APP, relayUrl: '' });
    expect(JSON.stringify(listed)).not.toMatch(/sp-|hash/);
  });

  test('two keys differ: each is 244 random bits from two UUIDs', () => {
    const spreadsheet = deployedSheet();
    const token = openSidebar(spreadsheet);
    const first = callAsPerson(spreadsheet, token, 'sidebarConnectAgent', 'Claude Code');
    const second = callAsPerson(spreadsheet, token, 'sidebarConnectAgent', 'Cursor');
    expect(first.key).not.toBe(second.key);
    expect(first.agent.id).not.toBe(second.agent.id);
    expect(second.agents.map((agent: any) => agent.name)).toEqual(['Claude Code', 'Cursor']);
  });

  test.each([
    ['not deployed', null, /The web app is not deployed yet.*npm run deploy/],
    ['deployed, but never opened', WEB_APP, /learns the web app's address the first time it answers. Open its address/],
  ])('no key is made while the web app is %s, and the panel says what to do', (_case, url, reason) => {
    const spreadsheet = deployedSheet(url, false);
    const token = openSidebar(spreadsheet);
    const before = snapshot(spreadsheet);
    const { error } = execute(spreadsheet, 'sidebarConnectAgent', [token, 'Claude'], { context: 'ui' });
    expect(error?.message).toMatch(reason);
    expect(snapshot(spreadsheet)).toBe(before);
    expect(callAsPerson(spreadsheet, token, 'sidebarListAgents').notReady).toMatch(reason);
  });

  test('the sidebar sees only the /dev address; the web app, once it answers a request, tells it the /exec one', () => {
    const spreadsheet = deployedSheet(WEB_APP, false);
    const token = openSidebar(spreadsheet);
    expect(callAsPerson(spreadsheet, token, 'sidebarListAgents').webAppUrl).toBeNull();
    const ping = { postData: { contents: '{"jsonrpc":"2.0","id":1,"method":"ping"}', type: 'application/json' } };
    execute(spreadsheet, 'doPost', [ping]);
    expect(callAsPerson(spreadsheet, token, 'sidebarListAgents')).toEqual({
      agents: [],
      webAppUrl: WEB_APP,
      relayUrl: '',
    });
    expect(callAsPerson(spreadsheet, token, 'sidebarConnectAgent', 'Claude').url).toMatch(`${WEB_APP}?key=sp-`);
  });

  test.each([
    ['empty', ''],
    ['blank', '   '],
    ['too long', 'x'.repeat(61)],
    ['on two lines', 'Claude\non my laptop'],
    ['not text', 42],
  ])('a name that is %s is refused, saying what a name may be, and nothing is written', (_case, name) => {
    const spreadsheet = deployedSheet();
    const token = openSidebar(spreadsheet);
    const before = snapshot(spreadsheet);
    const { error } = execute(spreadsheet, 'sidebarConnectAgent', [token, name], { context: 'ui' });
    expect(error?.message).toMatch(
      /^INVALID_ARGUMENT: name must be text of 1 to 60 characters on one line, something visible, without half characters, such as "Claude on my laptop"/,
    );
    expect(snapshot(spreadsheet)).toBe(before);
  });

  test.each(['sidebar', 'Cell edit', 'the agent'])(
    'an agent named %p is refused: changes under that name would read as made by a person or by Sheet Plan',
    (name) => {
      const spreadsheet = deployedSheet();
      const token = openSidebar(spreadsheet);
      const { error } = execute(spreadsheet, 'sidebarConnectAgent', [token, name], { context: 'ui' });
      expect(error?.message).toMatch(/^INVALID_ARGUMENT: ".+" is what the sidebar calls changes made by a person/);
      expect(stored(spreadsheet)).toEqual([]);
    },
  );

  test("a second agent with the same name is refused: changes are recorded under an agent's name", () => {
    const spreadsheet = deployedSheet();
    const token = openSidebar(spreadsheet);
    callAsPerson(spreadsheet, token, 'sidebarConnectAgent', 'Claude');
    const { error } = execute(spreadsheet, 'sidebarConnectAgent', [token, 'claude'], { context: 'ui' });
    expect(error?.message).toMatch(/^INVALID_ARGUMENT: An agent named "claude" is connected already/);
    expect(stored(spreadsheet)).toHaveLength(1);
  });

  test(`past ${MAX_AGENTS} agents a new one is refused until one is revoked`, () => {
    const spreadsheet = deployedSheet();
    const token = openSidebar(spreadsheet);
    for (let index = 1; index <= MAX_AGENTS; index++) {
      callAsPerson(spreadsheet, token, 'sidebarConnectAgent', `${'Agent with a long descriptive name '}${index}`);
    }
    const before = snapshot(spreadsheet);
    const { error } = execute(spreadsheet, 'sidebarConnectAgent', [token, 'One more'], { context: 'ui' });
    expect(error?.message).toMatch(/^TOO_LARGE: This sheet has 20 agents connected, the most it keeps/);
    expect(snapshot(spreadsheet)).toBe(before);
  });

  test('revoking removes the agent; an unknown id is NOT_FOUND and changes nothing', () => {
    const spreadsheet = deployedSheet();
    const token = openSidebar(spreadsheet);
    const kept = callAsPerson(spreadsheet, token, 'sidebarConnectAgent', 'Kept');
    const revoked = callAsPerson(spreadsheet, token, 'sidebarConnectAgent', 'Revoked');
    const after = callAsPerson(spreadsheet, token, 'sidebarRevokeAgent', revoked.agent.id);
    expect(after.agents).toEqual([kept.agent]);
    const before = snapshot(spreadsheet);
    const { error } = execute(spreadsheet, 'sidebarRevokeAgent', [token, revoked.agent.id], { context: 'ui' });
    expect(error?.message).toMatch(/^NOT_FOUND: No connected agent has the id/);
    expect(snapshot(spreadsheet)).toBe(before);
  });

  test("a list that is not Sheet Plan's is an error and is never overwritten", () => {
    const spreadsheet = deployedSheet();
    spreadsheet.properties.script.set(AGENTS_PROPERTY, '{"not":"a list"}');
    const token = openSidebar(spreadsheet);
    const { error } = execute(spreadsheet, 'sidebarConnectAgent', [token, 'Claude'], { context: 'ui' });
    expect(error?.message).toMatch(/does not hold Sheet Plan's list of agents; it was left as it is/);
    expect(spreadsheet.properties.script.get(AGENTS_PROPERTY)).toBe('{"not":"a list"}');
  });
});

describe('an agent cannot reach the Connect functions', () => {
  const calls: Array<[string, unknown[]]> = [
    ['sidebarConnectAgent', ['Sneaky agent']],
    ['sidebarListAgents', []],
    ['sidebarRevokeAgent', ['some-id']],
  ];

  test.each(calls)('%s through scripts.run, without the token or with a made-up one, is NEEDS_PERSON', (name, args) => {
    const spreadsheet = deployedSheet();
    openSidebar(spreadsheet);
    const before = snapshot(spreadsheet);
    for (const token of [undefined, '0f8fad5b-d9cb-469f-a165-70867728950e']) {
      const { error } = execute(spreadsheet, name, [token, ...args]);
      expect(error?.message).toMatch(/^NEEDS_PERSON: /);
    }
    expect(snapshot(spreadsheet)).toBe(before);
  });

  test.each(calls)('%s in a web-app execution (no active spreadsheet, no UI) is refused', (name, args) => {
    const spreadsheet = deployedSheet();
    openSidebar(spreadsheet);
    const before = snapshot(spreadsheet);
    const execution = createExecution(spreadsheet, { context: 'api', containerBound: false });
    const code = loadBundle(execution, DIST) as Record<string, (...a: unknown[]) => unknown>;
    expect(() => code[name]('0f8fad5b-d9cb-469f-a165-70867728950e', ...args)).toThrow(/NEEDS_PERSON/);
    execution.end();
    expect(snapshot(spreadsheet)).toBe(before);
  });
});

describe('agentForKey: the check of every agent call', () => {
  function connected(spreadsheet = deployedSheet()) {
    const { result } = inExecution(spreadsheet, () => createAgentKey('Claude on my laptop'));
    return { spreadsheet, ...result };
  }

  test('the right key answers the agent; a wrong, malformed or missing key answers null', () => {
    const { spreadsheet, key, agent } = connected();
    const check = (candidate: unknown) => inExecution(spreadsheet, () => agentForKey(candidate)).result;
    expect(check(key)).toEqual({ id: agent.id, name: 'Claude on my laptop' });
    const flipped = key.slice(0, -1) + (key.endsWith('0') ? '1' : '0');
    for (const wrong of [flipped, key.toUpperCase(), key.slice(3), `${key} `, '', undefined, null, 42, { key }]) {
      expect(check(wrong)).toBeNull();
    }
  });

  test('a revoked key answers null at once', () => {
    const spreadsheet = deployedSheet();
    const token = openSidebar(spreadsheet);
    const { key, agent } = callAsPerson(spreadsheet, token, 'sidebarConnectAgent', 'Claude');
    expect(inExecution(spreadsheet, () => agentForKey(key)).result).not.toBeNull();
    callAsPerson(spreadsheet, token, 'sidebarRevokeAgent', agent.id);
    expect(inExecution(spreadsheet, () => agentForKey(key)).result).toBeNull();
  });

  test('the last use is written at most once a minute, not on every call', () => {
    const { spreadsheet, key } = connected();
    jest.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z'), doNotFake: ['setTimeout', 'setImmediate'] });
    try {
      const writes = () => {
        const { execution } = inExecution(spreadsheet, () => agentForKey(key));
        return execution.countCalls('Properties.setProperty');
      };
      expect(writes()).toBe(1);
      expect(inExecution(spreadsheet, () => listAgents()).result[0].lastUsed).toBe('2026-11-26T10:00:00.000Z');
      jest.setSystemTime(new Date('2026-11-26T10:00:59Z'));
      expect(writes()).toBe(0);
      jest.setSystemTime(new Date('2026-11-26T10:01:00Z'));
      expect(writes()).toBe(1);
      expect(stored(spreadsheet)[0].lastUsed).toBe('2026-11-26T10:01:00.000Z');
    } finally {
      jest.useRealTimers();
    }
  });

  test('recording a use never brings back an agent revoked meanwhile: it re-reads the list under the lock', () => {
    const { spreadsheet, key } = connected();
    const { result } = inExecution(
      spreadsheet,
      () => agentForKey(key),
      {},
      (execution) =>
        // The person revokes the agent between the check and the recording of its use.
        execution.faults.interleave('Lock.tryLock', () => spreadsheet.properties.script.set(AGENTS_PROPERTY, '[]')),
    );
    expect(result).not.toBeNull();
    expect(stored(spreadsheet)).toEqual([]);
    expect(inExecution(spreadsheet, () => agentForKey(key)).result).toBeNull();
  });

  test('while another execution holds the lock, the use goes unrecorded and the agent is still answered', () => {
    const { spreadsheet, key } = connected();
    const other = createExecution(spreadsheet);
    const lock = other.globals.LockService.getScriptLock();
    expect(lock.tryLock(0)).toBe(true);
    expect(inExecution(spreadsheet, () => agentForKey(key)).result).not.toBeNull();
    expect(stored(spreadsheet)[0].lastUsed).toBeNull();
    other.end();
  });
});

test('constantTimeEqual answers equality, whatever the lengths', () => {
  expect(constantTimeEqual('abc', 'abc')).toBe(true);
  expect(constantTimeEqual('abc', 'abd')).toBe(false);
  expect(constantTimeEqual('abc', 'ab')).toBe(false);
  expect(constantTimeEqual('', 'a')).toBe(false);
  expect(constantTimeEqual('', '')).toBe(true);
});
