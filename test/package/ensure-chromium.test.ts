/**
 * `npm test` on a fresh machine: the browser tests' Chromium is found, or installed with apt-get where
 * that is possible (Linux, root), or the run stops with what to do; Chromium's headless shell is
 * preferred to the full browser.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from '../../src/node/browser/chromium';
import { browserNote, ensureChromium, type Machine } from '../../src/node/browser/ensure-chromium';

const INSTRUCTION = 'The browser tests need Chromium or Chrome and found none. Install it (Debian/Ubuntu: …)';

const SHELL = '/usr/bin/chromium-headless-shell';
const FULL = '/usr/bin/chromium';

/**
 * A machine with the Debian packages `installed`, where apt-get knows the packages `available` (an install of one it
 * does not know installs nothing, as apt-get's does) and works unless `offline`.
 */
function machine(options: {
  installed: string[];
  canInstall: boolean;
  offline?: boolean;
  available?: string[];
  shellUnavailable?: boolean;
}) {
  const installed = new Set(options.installed);
  const available = new Set(options.available ?? ['chromium', 'chromium-headless-shell']);
  const aptGet: string[] = [];
  let remembered = options.shellUnavailable ?? false;
  const stub: Machine = {
    find: () => {
      if (installed.has('chromium-headless-shell')) return SHELL;
      if (installed.has('chromium')) return FULL;
      throw new Error(INSTRUCTION);
    },
    canInstall: () => options.canInstall,
    aptGet: (args) => {
      aptGet.push(args.join(' '));
      if (options.offline) throw new Error(`apt-get ${args.join(' ')} failed (exit code 100)`);
      if (args[0] !== 'install') return;
      const packages = args.slice(2);
      const unknown = packages.filter((name) => !available.has(name));
      if (unknown.length) throw new Error(`apt-get ${args.join(' ')} failed (exit code 100): no ${unknown.join(', ')}`);
      packages.forEach((name) => installed.add(name));
    },
    shellUnavailable: () => remembered,
    rememberShellUnavailable: () => {
      remembered = true;
    },
    log: () => undefined,
  };
  return { stub, aptGet, remembered: () => remembered };
}

const chromePath = process.env.CHROME_PATH;
beforeEach(() => delete process.env.CHROME_PATH);
afterAll(() => {
  if (chromePath !== undefined) process.env.CHROME_PATH = chromePath;
});

test("Chromium's headless shell already there is used, and nothing is installed", () => {
  const { stub, aptGet } = machine({ installed: ['chromium-headless-shell'], canInstall: true });
  expect(ensureChromium(stub)).toBe(SHELL);
  expect(aptGet).toEqual([]);
});

test('without one, as root on Debian, chromium and its headless shell are installed, and the shell used', () => {
  const { stub, aptGet } = machine({ installed: [], canInstall: true });
  expect(ensureChromium(stub)).toBe(SHELL);
  expect(aptGet).toEqual(['update', 'install -y chromium', 'install -y chromium-headless-shell']);
});

test('without one, on a release that has no headless shell, chromium is still installed and used', () => {
  const { stub, remembered } = machine({ installed: [], canInstall: true, available: ['chromium'] });
  expect(ensureChromium(stub)).toBe(FULL);
  expect(remembered()).toBe(true);
});

test('beside the full browser, as root on Debian, the headless shell is added and used', () => {
  const { stub, aptGet } = machine({ installed: ['chromium'], canInstall: true });
  expect(ensureChromium(stub)).toBe(SHELL);
  expect(aptGet).toEqual(['update', 'install -y chromium-headless-shell']);
});

test('beside the full browser, an apt-get that fails leaves the tests on it, and is not tried again', () => {
  const first = machine({ installed: ['chromium'], canInstall: true, offline: true });
  expect(ensureChromium(first.stub)).toBe(FULL);
  expect(first.remembered()).toBe(true);
  const later = machine({ installed: ['chromium'], canInstall: true, shellUnavailable: true });
  expect(ensureChromium(later.stub)).toBe(FULL);
  expect(later.aptGet).toEqual([]);
});

test('the full browser is used as it is where nothing can be installed', () => {
  const { stub, aptGet } = machine({ installed: ['chromium'], canInstall: false });
  expect(ensureChromium(stub)).toBe(FULL);
  expect(aptGet).toEqual([]);
});

test('a browser CHROME_PATH names is used as it is: nothing is added beside it', () => {
  process.env.CHROME_PATH = FULL;
  const { stub, aptGet } = machine({ installed: ['chromium'], canInstall: true });
  expect(ensureChromium(stub)).toBe(FULL);
  expect(aptGet).toEqual([]);
});

test('without one, where nothing can be installed, the run stops with the instruction', () => {
  const { stub, aptGet } = machine({ installed: [], canInstall: false });
  expect(() => ensureChromium(stub)).toThrow(INSTRUCTION);
  expect(aptGet).toEqual([]);
});

test('a CHROME_PATH that is no browser is reported, not installed around', () => {
  process.env.CHROME_PATH = '/nowhere/chrome';
  const { stub, aptGet } = machine({ installed: [], canInstall: true });
  expect(() => ensureChromium(stub)).toThrow(INSTRUCTION);
  expect(aptGet).toEqual([]);
});

describe('which browser the tests run', () => {
  const PATH = process.env.PATH;
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'chromium-path-'));
  });
  afterEach(() => {
    process.env.PATH = PATH;
    rmSync(folder, { recursive: true, force: true });
  });
  /** A folder on the PATH holding executables called `names`. */
  function onPath(names: string[]): string {
    const dir = mkdtempSync(path.join(folder, 'bin-'));
    for (const name of names) writeFileSync(path.join(dir, name), '#!/bin/sh\n', { mode: 0o755 });
    return dir;
  }

  test("Chromium's headless shell comes before the full browser, wherever each is on the PATH", () => {
    const full = onPath(['chromium']);
    const shell = onPath(['chromium-headless-shell']);
    process.env.PATH = [full, shell].join(path.delimiter);
    expect(findChromium()).toBe(path.join(shell, 'chromium-headless-shell'));
  });

  test('the full browser is used where it is the only one', () => {
    const full = onPath(['chromium']);
    process.env.PATH = full;
    expect(findChromium()).toBe(path.join(full, 'chromium'));
  });

  test('a run on the full browser says the headless shell would be lighter', () => {
    expect(browserNote('/usr/bin/chromium-headless-shell')).toBe('Browser tests: /usr/bin/chromium-headless-shell');
    expect(browserNote('/usr/bin/chromium')).toMatch(
      /^Browser tests: \/usr\/bin\/chromium \(.*chromium-headless-shell/,
    );
  });
});
