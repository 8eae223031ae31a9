/**
 * For the tests that pin a hand reader to the regular expression it replaced (task-head.test.ts,
 * heading-readers.test.ts): many lines built at random from parts, read by both.
 */

/** A generator of the same lines on every run. */
function randomPicker(seed: number): <T>(choices: readonly T[]) => T {
  let state = seed;
  return (choices) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return choices[Math.floor(state / 65536) % choices.length]; // the high bits: the low ones repeat in short cycles
  };
}

/**
 * Builds 20,000 lines of one random choice from each of `parts` (the same lines for the same `seed`) and reads each
 * with `hand` and with `definition`. Answers the lines they read differently, and how many the definition read at all
 * (a test asks for many, so that the sample is not only near misses).
 */
export function compareOnSampledLines(
  parts: ReadonlyArray<readonly string[]>,
  seed: number,
  hand: (line: string) => unknown,
  definition: (line: string) => unknown,
): { differing: string[]; read: number } {
  const pick = randomPicker(seed);
  const differing: string[] = [];
  let read = 0;
  for (let i = 0; i < 20000; i++) {
    const line = parts.map(pick).join('');
    const expected = definition(line);
    if (expected) read++;
    if (JSON.stringify(hand(line)) !== JSON.stringify(expected)) differing.push(JSON.stringify(line));
  }
  return { differing, read };
}
