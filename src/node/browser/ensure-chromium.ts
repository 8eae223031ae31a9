/**
 * `npm test` runs this before jest (as build/ensure-chromium.js): the browser tests need a Chromium or
 * Chrome. It finds one as the tests do; where none is found and this is a Debian-like system run as
 * root, it installs Debian's `chromium` and its headless shell (`chromium-headless-shell`, which the tests run:
 * see ./chromium.ts) with apt-get, and adds the shell where only the full browser is there; where nothing is found
 * and nothing can be installed, it stops the test run with what to do.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { findChromium } from './chromium';

const APT_GET = '/usr/bin/apt-get';
/** Debian's Chromium and its headless shell, which the browser tests prefer (./chromium.ts). */
const HEADLESS_SHELL = 'chromium-headless-shell';
const DEBIAN_PACKAGES = ['chromium', HEADLESS_SHELL];

/** What ensureChromium needs of the machine; tests pass stand-ins. */
export interface Machine {
  /** The browser's path, or an Error saying how to get one (findChromium). */
  find(): string;
  /** Whether Debian's chromium can be installed here: Linux, root, apt-get. */
  canInstall(): boolean;
  aptGet(args: string[]): void;
  log(line: string): void;
}

const THIS_MACHINE: Machine = {
  find: findChromium,
  canInstall: () => process.platform === 'linux' && process.getuid?.() === 0 && existsSync(APT_GET),
  aptGet(args) {
    const run = spawnSync(APT_GET, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit code ${run.status ?? run.signal})`);
  },
  log: (line) => console.log(line),
};

/**
 * The browser for the tests: found, or installed with apt-get where possible; else an Error saying what to do. Where
 * only the full browser is found and packages can be installed, the headless shell is added (the tests run on it with
 * a third of the CPU); should that fail, the full browser is used.
 */
export function ensureChromium(machine: Machine = THIS_MACHINE): string {
  let found: string | undefined;
  try {
    found = machine.find();
  } catch (error) {
    // A CHROME_PATH that does not point at a browser is a mistake to report, not to install around.
    if (process.env.CHROME_PATH || !machine.canInstall()) throw error;
  }
  if (found && (isHeadlessShell(found) || process.env.CHROME_PATH || !machine.canInstall())) return found;
  if (found) return addHeadlessShell(machine, found);
  machine.log("No Chromium or Chrome found for the browser tests: installing Debian's chromium (apt-get)");
  machine.aptGet(['update']);
  machine.aptGet(['install', '-y', ...DEBIAN_PACKAGES]);
  return machine.find();
}

function addHeadlessShell(machine: Machine, fullBrowser: string): string {
  machine.log(`The browser tests found ${fullBrowser}: adding Debian's chromium-headless-shell (apt-get)`);
  try {
    machine.aptGet(['update']);
    machine.aptGet(['install', '-y', HEADLESS_SHELL]);
    return machine.find();
  } catch (error) {
    machine.log(`${(error as Error).message}: the browser tests run on ${fullBrowser}`);
    return fullBrowser;
  }
}

function isHeadlessShell(browser: string): boolean {
  return path.basename(browser).startsWith(HEADLESS_SHELL);
}

/** A word for a run on the full browser: the headless shell does the same work on about a third of the CPU. */
export function browserNote(browser: string): string {
  return isHeadlessShell(browser)
    ? `Browser tests: ${browser}`
    : `Browser tests: ${browser} (Chromium's headless shell, Debian's chromium-headless-shell, runs them on about ` +
        'a third of the CPU)';
}

if (require.main === module) {
  try {
    console.log(browserNote(ensureChromium()));
  } catch (error) {
    console.error(`npm test: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
