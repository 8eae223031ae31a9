/**
 * `npm test` runs this before jest (as build/ensure-chromium.js): the browser tests need a Chromium or
 * Chrome. It finds one as the tests do; where none is found and this is a Debian-like system run as
 * root, it installs Debian's `chromium` and its headless shell (`chromium-headless-shell`, which the tests run:
 * see ./chromium.ts) with apt-get, and adds the shell beside any other browser it finds; where nothing is found and
 * nothing can be installed, it stops the test run with what to do.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findChromium } from './chromium';

const APT_GET = '/usr/bin/apt-get';
/** Debian's package of Chromium's headless shell, which the browser tests prefer (./chromium.ts). */
const HEADLESS_SHELL = 'chromium-headless-shell';
/** Written when the shell could not be installed: this checkout does not try again (delete it to). npm runs
 * `npm test` in the package's folder. */
const SHELL_UNAVAILABLE = path.resolve('node_modules/.cache/sheet-plan/no-headless-shell');

/** What ensureChromium needs of the machine; tests pass stand-ins. */
export interface Machine {
  /** The browser's path, or an Error saying how to get one (findChromium). */
  find(): string;
  /** Whether Debian's chromium can be installed here: Linux, root, apt-get. */
  canInstall(): boolean;
  aptGet(args: string[]): void;
  /** Whether an earlier run found that the headless shell cannot be installed here. */
  shellUnavailable(): boolean;
  rememberShellUnavailable(): void;
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
  shellUnavailable: () => existsSync(SHELL_UNAVAILABLE),
  rememberShellUnavailable() {
    mkdirSync(path.dirname(SHELL_UNAVAILABLE), { recursive: true });
    writeFileSync(SHELL_UNAVAILABLE, `${new Date().toISOString()}: apt-get could not install ${HEADLESS_SHELL}\n`);
  },
  log: (line) => console.log(line),
};

/**
 * The browser for the tests: found, or installed with apt-get where possible; else an Error saying what to do. Where
 * packages can be installed, the headless shell is added beside a browser that is not it (the tests run on it with a
 * third of the CPU), as a step of its own: should it fail (a release without the package, no network), the browser
 * found or installed is used, and the failure is remembered so that later runs do not try again.
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
  if (found && machine.shellUnavailable()) return found;
  const updated = !found;
  if (!found) {
    machine.log("No Chromium or Chrome found for the browser tests: installing Debian's chromium (apt-get)");
    machine.aptGet(['update']);
    machine.aptGet(['install', '-y', 'chromium']);
    found = machine.find();
  }
  return addHeadlessShell(machine, found, updated);
}

function addHeadlessShell(machine: Machine, browser: string, updated: boolean): string {
  machine.log(`The browser tests found ${browser}: adding Debian's ${HEADLESS_SHELL} (apt-get)`);
  try {
    if (!updated) machine.aptGet(['update']);
    machine.aptGet(['install', '-y', HEADLESS_SHELL]);
    return machine.find();
  } catch (error) {
    machine.log(`${(error as Error).message}: the browser tests run on ${browser}, and later runs will not try again`);
    machine.rememberShellUnavailable();
    return browser;
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
