/** A table keyed by names callers send: only its own keys are entries, never what every object inherits. */
import { hasOwn, ownValue } from '../../src/core/own-keys';

const table: Record<string, number> = { startTask: 1, empty: 0 };

test('a key of the table is found, with its value, even a falsy one', () => {
  expect(hasOwn(table, 'startTask')).toBe(true);
  expect(ownValue(table, 'empty')).toBe(0);
});

test.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'missing'])(
  '%s, which the table only inherits or lacks, is no entry',
  (key) => {
    expect(hasOwn(table, key)).toBe(false);
    expect(ownValue(table, key)).toBeUndefined();
  },
);

test('a table without a prototype, or one that shadows hasOwnProperty, is read all the same', () => {
  const bare = Object.assign(Object.create(null) as Record<string, string>, { name: 'bare' });
  const shadowing = { hasOwnProperty: () => true, real: 'yes' } as unknown as Record<string, string>;
  expect(ownValue(bare, 'name')).toBe('bare');
  expect(hasOwn(shadowing, 'other')).toBe(false);
  expect(ownValue(shadowing, 'real')).toBe('yes');
});
