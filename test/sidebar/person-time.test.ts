/**
 * One clock (sidebar/src/person-time.ts): a claim's wall-clock time in the sheet's zone becomes the instant it names,
 * and every time reads in the person's zone with how far it is from now.
 */
import { claimUntil, claimWords, distance, personTime, wallClockInstant } from '../../sidebar/src/person-time';

test('a wall-clock time in the sheet’s zone names one instant', () => {
  expect(wallClockInstant('2026-11-28 06:54', 'America/New_York')?.toISOString()).toBe('2026-11-28T11:54:00.000Z');
  expect(wallClockInstant('2026-07-01 06:54', 'America/New_York')?.toISOString()).toBe('2026-07-01T10:54:00.000Z');
  expect(wallClockInstant('2026-11-28 06:54', 'Asia/Kolkata')?.toISOString()).toBe('2026-11-28T01:24:00.000Z');
  expect(wallClockInstant('2026-11-28 06:54', 'UTC')?.toISOString()).toBe('2026-11-28T06:54:00.000Z');
});

test('a time or a zone that cannot be read names none', () => {
  expect(wallClockInstant('tomorrow', 'UTC')).toBeNull();
  expect(wallClockInstant('2026-11-28 06:54', '')).toBeNull();
  expect(wallClockInstant('2026-11-28 06:54', 'Not/AZone')).toBeNull();
});

test('distances read in minutes, hours and days', () => {
  const at = new Date('2026-11-28T11:00:00Z');
  const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);
  expect(distance(at, later(0.4))).toBe('less than a minute');
  expect(distance(at, later(22))).toBe('22 min');
  expect(distance(at, later(65))).toBe('1 h 5 min');
  expect(distance(at, later(60 * 30))).toBe('30 h');
  expect(distance(at, later(60 * 24 * 3))).toBe('3 days');
});

test('a claim reads in the person’s clock with the time left; a live claim never looks hours old', () => {
  const now = new Date('2026-11-28T11:32:00Z');
  const text = claimUntil('2026-11-28 06:54', 'America/New_York', now);
  expect(text).toMatch(/^until .+ · 22 min$/);
  expect(claimUntil('2026-11-28 06:30', 'America/New_York', now)).toMatch(/ · ended 2 min ago$/);
  expect(claimUntil('2026-11-28 06:54', '', now)).toBe('until 2026-11-28 06:54 (sheet time)');
});

test('a claim says the agent works on it until it ends, and worked on it after', () => {
  const now = new Date('2026-11-28T11:32:00Z');
  expect(claimWords('Ana', '2026-11-28 06:54', 'America/New_York', now)).toMatch(/^Ana works on it until .+ · 22 min$/);
  expect(claimWords('Ana', '2026-11-28 06:30', 'America/New_York', now)).toMatch(/^Ana worked on it until .+ ago$/);
  // An end that cannot be read in a zone is not taken as ended.
  expect(claimWords('Ana', '2026-11-28 06:30', '', now)).toBe('Ana works on it until 2026-11-28 06:30 (sheet time)');
});

test('a past time says how long ago; a future one how long until', () => {
  const now = new Date('2026-11-28T11:32:00Z');
  expect(personTime('2026-11-28T11:24:00Z', now)).toMatch(/ · 8 min ago$/);
  expect(personTime('2026-11-28T11:54:00Z', now)).toMatch(/ · in 22 min$/);
  expect(personTime('not a time', now)).toBe('not a time');
});
