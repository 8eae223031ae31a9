/** Utilities: SimpleDateFormat dates in IANA time zones, UUIDs and sleep. */
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { executionOn, thrownMessage } from './helpers';

const { Utilities, execution } = executionOn(new EmulatedSpreadsheet());
const format = (iso: string, timeZone: string, pattern: string) =>
  Utilities.formatDate(new Date(iso), timeZone, pattern);

describe('formatDate', () => {
  test("formatDate uses the spreadsheet's time zone near midnight", () => {
    const { SpreadsheetApp, Utilities: utilities } = executionOn(
      new EmulatedSpreadsheet({ timeZone: 'America/New_York' }),
    );
    const timeZone = SpreadsheetApp.getActive()!.getSpreadsheetTimeZone();
    // 02:30 UTC on March 1st is still February 28th in New York.
    expect(utilities.formatDate(new Date('2026-03-01T02:30:00Z'), timeZone, 'yyyy-MM-dd')).toBe('2026-02-28');
    expect(utilities.formatDate(new Date('2026-03-01T02:30:00Z'), 'UTC', 'yyyy-MM-dd')).toBe('2026-03-01');
  });

  test.each([
    ["yyyy-MM-dd'T'HH:mm:ss.SSSXXX", '2026-02-28T23:30:05.007-05:00'],
    ['EEE, d MMM yyyy h:mm a Z', 'Sat, 28 Feb 2026 11:30 PM -0500'],
    ['EEEE MMMM yy', 'Saturday February 26'],
    ['M/d/yy H:m:s S', '2/28/26 23:30:5 7'],
    ["h 'o''clock' a", "11 o'clock PM"],
    ['D u G', '59 6 AD'],
    ['z / zzzz', 'EST / Eastern Standard Time'],
  ])('pattern %p', (pattern, expected) => {
    expect(format('2026-03-01T04:30:05.007Z', 'America/New_York', pattern)).toBe(expected);
  });

  test('summer time changes the offset and the zone name', () => {
    expect(format('2026-07-04T12:00:00Z', 'America/New_York', 'HH:mm XXX z')).toBe('08:00 -04:00 EDT');
  });

  test('ISO offsets: Z for UTC, hours only with one X, fixed GMT offsets', () => {
    expect(format('2026-01-10T00:00:00Z', 'UTC', 'X XX XXX')).toBe('Z Z Z');
    expect(format('2026-01-10T00:00:00Z', 'Asia/Kolkata', 'HH:mm X XX XXX')).toBe('05:30 +05 +0530 +05:30');
    expect(format('2026-01-10T00:00:00Z', 'GMT-03:00', 'dd HH:mm Z')).toBe('09 21:00 -0300');
  });

  test('hours in the other clock styles: k (1-24) and K (0-11)', () => {
    expect(format('2026-01-10T00:15:00Z', 'UTC', 'k K h H')).toBe('24 0 12 0');
  });

  test('a letter that is not a pattern letter is refused, as SimpleDateFormat does', () => {
    expect(thrownMessage(() => format('2026-01-10T00:00:00Z', 'UTC', 'yyyy-qq'))).toMatch(
      /Illegal pattern character 'q'/,
    );
  });

  test('week-based letters are not emulated and say so', () => {
    expect(thrownMessage(() => format('2026-01-10T00:00:00Z', 'UTC', 'YYYY'))).toMatch(/'Y' is not emulated/);
  });

  test('an unknown time zone is refused (strict: Java would quietly use GMT)', () => {
    expect(thrownMessage(() => format('2026-01-10T00:00:00Z', 'Mars/Olympus', 'yyyy'))).toMatch(
      /not a known time zone/,
    );
  });

  test('a Date of another realm is accepted: anything with getTime()', () => {
    const foreign = { getTime: () => Date.UTC(2026, 0, 10) };
    expect(Utilities.formatDate(foreign, 'UTC', 'yyyy-MM-dd')).toBe('2026-01-10');
  });
});

describe('computeDigest', () => {
  const { SHA_256, MD5 } = Utilities.DigestAlgorithm;
  const hex = (bytes: number[]) => bytes.map((byte) => (byte & 0xff).toString(16).padStart(2, '0')).join('');

  test('SHA-256 of a string comes back as 32 signed bytes, as a Java byte[] does', () => {
    const digest = Utilities.computeDigest(SHA_256, 'abc');
    expect(digest).toHaveLength(32);
    expect(hex(digest)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(digest[0]).toBe(0xba - 256);
    expect(Math.min(...digest)).toBeGreaterThanOrEqual(-128);
    expect(Math.max(...digest)).toBeLessThanOrEqual(127);
  });

  test('a byte array is hashed as the bytes it holds; the charset decides how a string is encoded', () => {
    expect(hex(Utilities.computeDigest(MD5, [97, 98, 99]))).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(hex(Utilities.computeDigest(SHA_256, 'é', Utilities.Charset.UTF_8))).toBe(
      hex(Utilities.computeDigest(SHA_256, [-61, -87])),
    );
    expect(hex(Utilities.computeDigest(SHA_256, 'é', Utilities.Charset.US_ASCII))).toBe(
      hex(Utilities.computeDigest(SHA_256, '?')),
    );
  });

  test('strictly: a string outside ASCII needs a charset, bytes must be -128 to 127, the algorithm an enum', () => {
    expect(thrownMessage(() => Utilities.computeDigest(SHA_256, 'é'))).toMatch(/needs a charset/);
    expect(thrownMessage(() => Utilities.computeDigest(SHA_256, [200]))).toMatch(/-128 to 127/);
    expect(thrownMessage(() => Utilities.computeDigest('SHA_256', 'abc'))).toMatch(/Utilities.computeDigest/);
  });
});

describe('other utilities', () => {
  test('getUuid gives a random RFC 4122 UUID', () => {
    expect(Utilities.getUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Utilities.getUuid()).not.toBe(Utilities.getUuid());
  });

  test('sleep is recorded, not waited for, and limited to five minutes', () => {
    Utilities.sleep(250);
    expect(execution.sleeps).toContain(250);
    expect(thrownMessage(() => Utilities.sleep(300_001))).toMatch(/^Invalid argument: milliseconds/);
  });
});

describe('ScriptApp.getService', () => {
  test('getUrl is null until the web app is deployed, then its URL', () => {
    const spreadsheet = new EmulatedSpreadsheet();
    const { ScriptApp } = executionOn(spreadsheet, { context: 'api' });
    expect(ScriptApp.getService().getUrl()).toBeNull();
    expect(ScriptApp.getService().isEnabled()).toBe(false);
    spreadsheet.webAppUrl = 'http://127.0.0.1:8080/macros/s/local/exec';
    expect(ScriptApp.getService().getUrl()).toBe('http://127.0.0.1:8080/macros/s/local/exec');
    expect(ScriptApp.getService().isEnabled()).toBe(true);
  });

  test('strictly, a sidebar, menu or trigger execution gets the /dev URL: only a web-app request sees /exec', () => {
    const spreadsheet = new EmulatedSpreadsheet();
    spreadsheet.webAppUrl = 'https://script.google.com/macros/s/AKfy/exec';
    for (const context of ['ui', 'trigger'] as const) {
      expect(executionOn(spreadsheet, { context }).ScriptApp.getService().getUrl()).toBe(
        'https://script.google.com/macros/s/AKfy/dev',
      );
    }
  });
});
