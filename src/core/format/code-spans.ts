/** Inline code spans (CommonMark): where a task's text is code, so that dashes in it never separate a note. */

/** Index after the run of `char` that starts at `at`. */
export function runEnd(text: string, at: number, code: number): number {
  let end = at;
  while (end < text.length && text.charCodeAt(end) === code) end++;
  return end;
}

/**
 * Inline code spans, as [start, end, start, end, …]: a run of n backticks is closed by the next run
 * of exactly n (CommonMark); a run without a closer is literal. Linear in the number of runs.
 */
export function codeSpans(text: string): number[] {
  const runs: number[] = []; // start, length, start, length, …
  for (let at = text.indexOf('`'); at >= 0;) {
    const end = runEnd(text, at, 0x60);
    runs.push(at, end - at);
    at = text.indexOf('`', end);
  }
  const spans: number[] = [];
  if (runs.length < 4) return spans;
  // For each run length, the runs of that length in order (indexes into runs), and how far openers have looked.
  const byLength = new Map<number, number[]>();
  for (let i = 0; i < runs.length; i += 2) {
    const same = byLength.get(runs[i + 1]);
    if (same) same.push(i);
    else byLength.set(runs[i + 1], [i]);
  }
  const looked = new Map<number, number>();
  for (let i = 0; i < runs.length;) {
    const length = runs[i + 1];
    const same = byLength.get(length)!;
    let next = looked.get(length) ?? 0;
    while (next < same.length && same[next] <= i) next++;
    looked.set(length, next);
    if (next === same.length) {
      i += 2; // no closer: these backticks are literal
      continue;
    }
    const closer = same[next];
    spans.push(runs[i], runs[closer] + length);
    i = closer + 2;
  }
  return spans;
}
