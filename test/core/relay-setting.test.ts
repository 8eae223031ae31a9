/**
 * The relay's address as a sheet setting (src/core/person/settings.ts): entered once by a person, kept as an origin,
 * empty until then; anything else is refused saying what is allowed, and a stored value that is not one reads as empty.
 */
import { PlanError } from '../../src/core/errors';
import { DEFAULT_SETTINGS, readSettings, requireSettingsChange } from '../../src/core/person/settings';

test('empty by default; an https origin is kept without its trailing slash; empty removes it', () => {
  expect(DEFAULT_SETTINGS.relayUrl).toBe('');
  expect(requireSettingsChange({ relayUrl: ' https://Relay.Example.dev/ ' })).toEqual({
    relayUrl: 'https://relay.example.dev',
  });
  expect(requireSettingsChange({ relayUrl: 'http://127.0.0.1:8787' })).toEqual({ relayUrl: 'http://127.0.0.1:8787' });
  expect(requireSettingsChange({ relayUrl: '' })).toEqual({ relayUrl: '' });
});

test.each(['http://relay.example.dev', 'https://relay.example.dev/mcp', 'relay.example.dev', 'https://a b'])(
  '%s is refused, naming what a relay address looks like',
  (typed) => {
    expect(() => requireSettingsChange({ relayUrl: typed })).toThrow(PlanError);
    expect(() => requireSettingsChange({ relayUrl: typed })).toThrow(/is not a relay's address: give its https origin/);
  },
);

test('a stored relay address is read back; one that is not an origin reads as none', () => {
  expect(readSettings(JSON.stringify({ relayUrl: 'https://relay.example.dev' })).relayUrl).toBe(
    'https://relay.example.dev',
  );
  expect(readSettings(JSON.stringify({ relayUrl: 'javascript:alert(1)' })).relayUrl).toBe('');
});
