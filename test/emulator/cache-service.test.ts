/** CacheService: stores kept in the spreadsheet model, with Google's limits. */
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { executionOn, thrownMessage } from './helpers';

describe('CacheService', () => {
  const at = (iso: string) => () => new Date(iso);

  test("expiry follows the execution's clock: 600 seconds by default", () => {
    const spreadsheet = new EmulatedSpreadsheet();
    executionOn(spreadsheet, { now: at('2026-01-10T12:00:00Z') })
      .CacheService.getScriptCache()
      .put('plan', 'cached');
    expect(
      executionOn(spreadsheet, { now: at('2026-01-10T12:09:59Z') })
        .CacheService.getScriptCache()
        .get('plan'),
    ).toBe('cached');
    expect(
      executionOn(spreadsheet, { now: at('2026-01-10T12:10:00Z') })
        .CacheService.getScriptCache()
        .get('plan'),
    ).toBeNull();
  });

  test('getAll returns only what is found; removeAll removes', () => {
    const cache = executionOn(new EmulatedSpreadsheet()).CacheService.getUserCache();
    cache.putAll({ a: '1', b: '2' }, 60);
    expect(cache.getAll(['a', 'b', 'c'])).toEqual({ a: '1', b: '2' });
    cache.removeAll(['a']);
    cache.remove('b');
    expect(cache.getAll(['a', 'b'])).toEqual({});
  });

  test('limits: 250-character keys, 100 KB values, 1 to 21600 seconds', () => {
    const cache = executionOn(new EmulatedSpreadsheet()).CacheService.getScriptCache();
    expect(thrownMessage(() => cache.put('k'.repeat(251), 'v'))).toBe('Argument too large: key');
    expect(thrownMessage(() => cache.put('k', 'v'.repeat(100_001)))).toBe('Argument too large: value');
    expect(thrownMessage(() => cache.put('k', 'v', 21_601))).toMatch(/^Invalid argument: expirationInSeconds/);
    expect(thrownMessage(() => cache.put('k', 'v', 0))).toMatch(/^Invalid argument: expirationInSeconds/);
  });

  test('past 1,000 items the cache keeps the 900 farthest from expiry', () => {
    const cache = executionOn(new EmulatedSpreadsheet()).CacheService.getScriptCache();
    for (let index = 0; index < 1_000; index++) cache.put(`short${index}`, 'x', 60);
    cache.put('long', 'x', 3_600);
    expect(cache.get('long')).toBe('x');
    const kept = cache.getAll(Array.from({ length: 1_000 }, (_, index) => `short${index}`));
    expect(Object.keys(kept)).toHaveLength(899);
  });

  test('the user cache belongs to each user; no document cache outside a bound script', () => {
    const spreadsheet = new EmulatedSpreadsheet();
    executionOn(spreadsheet, { user: 'ana@example.com' }).CacheService.getUserCache().put('k', 'ana');
    expect(executionOn(spreadsheet, { user: 'ben@example.com' }).CacheService.getUserCache().get('k')).toBeNull();
    expect(executionOn(spreadsheet, { containerBound: false }).CacheService.getDocumentCache()).toBeNull();
  });

  test('a value may vanish before it expires: evictCache drops what Google may drop at any time', () => {
    const spreadsheet = new EmulatedSpreadsheet();
    const ana = executionOn(spreadsheet, { user: 'ana@example.com' }).CacheService;
    ana.getUserCache().putAll({ 'session:1': 'a', other: 'b' }, 21_600);
    ana.getScriptCache().put('shared', 'c', 21_600);
    expect(spreadsheet.evictCache({ scope: 'user', key: (key) => key.startsWith('session:') })).toBe(1);
    const later = executionOn(spreadsheet, { user: 'ana@example.com' }).CacheService;
    expect(later.getUserCache().get('session:1')).toBeNull();
    expect(later.getUserCache().get('other')).toBe('b');
    expect(spreadsheet.evictCache()).toBe(2);
    expect(later.getScriptCache().get('shared')).toBeNull();
  });
});
