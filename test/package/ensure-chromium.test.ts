/**
 * `npm test` on a fresh machine: the browser tests' Chromium is found, or installed with apt-get where
 * that is possible (Linux, root), or the run stops with what to do.
 */
import { ensureChromium, type Machine } from '../../src/node/browser/ensure-chromium';

const INSTRUCTION = 'The browser tests need Chromium or Chrome and found none. Install it (Debian/Ubuntu: …)';

function machine(options: { installed: boolean; canInstall: boolean }) {
  let installed = options.installed;
  const aptGet: string[] = [];
  const stub: Machine = {
    find: () => {
      if (installed) return '/usr/bin/chromium';
      throw new Error(INSTRUCTION);
    },
    canInstall: () => options.canInstall,
    aptGet: (args) => {
      aptGet.push(args.join(' '));
      if (args[0] === 'install') installed = true;
    },
    log: () => undefined,
  };
  return { stub, aptGet };
}

const chromePath = process.env.CHROME_PATH;
beforeEach(() => delete process.env.CHROME_PATH);
afterAll(() => {
  if (chromePath !== undefined) process.env.CHROME_PATH = chromePath;
});

test('a browser already there is used, and nothing is installed', () => {
  const { stub, aptGet } = machine({ installed: true, canInstall: true });
  expect(ensureChromium(stub)).toBe('/usr/bin/chromium');
  expect(aptGet).toEqual([]);
});

test('without one, as root on Debian, chromium is installed with apt-get and used', () => {
  const { stub, aptGet } = machine({ installed: false, canInstall: true });
  expect(ensureChromium(stub)).toBe('/usr/bin/chromium');
  expect(aptGet).toEqual(['update', 'install -y chromium']);
});

test('without one, where nothing can be installed, the run stops with the instruction', () => {
  const { stub, aptGet } = machine({ installed: false, canInstall: false });
  expect(() => ensureChromium(stub)).toThrow(INSTRUCTION);
  expect(aptGet).toEqual([]);
});

test('a CHROME_PATH that is no browser is reported, not installed around', () => {
  process.env.CHROME_PATH = '/nowhere/chrome';
  const { stub, aptGet } = machine({ installed: false, canInstall: true });
  expect(() => ensureChromium(stub)).toThrow(INSTRUCTION);
  expect(aptGet).toEqual([]);
});
