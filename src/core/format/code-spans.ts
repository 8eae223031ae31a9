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
  const starts: number[] = [];
  const ends: number[] = [];
  for (let at = text.indexOf('`'); at >= 0; at = text.indexOf('`', ends[ends.length - 1])) {
    starts.push(at);
    ends.push(runEnd(text, at, 0x60));
  }
  // Each run's closer: the next run of its length, found in one pass from the end (`last` holds, for each length, the
  // run of that length seen last), with arrays rather than maps, which cost more to build for a title's few runs.
  const closers = new Array<number>(starts.length);
  const last: number[] = [];
  for (let i = starts.length - 1; i >= 0; i--) {
    const length = ends[i] - starts[i];
    closers[i] = last[length] ?? -1;
    last[length] = i;
  }
  const spans: number[] = [];
  for (let i = 0; i < starts.length;) {
    const closer = closers[i];
    if (closer < 0) {
      i++; // no closer: these backticks are literal
      continue;
    }
    spans.push(starts[i], ends[closer]);
    i = closer + 1;
  }
  return spans;
}

/** The longest backtick run of `text` that no later run closes (0 when every run pairs): it would open code later. */
export function loneRunLength(text: string): number {
  const spans = codeSpans(text);
  let longest = 0;
  for (let at = text.indexOf('`'), span = 0; at >= 0;) {
    while (span < spans.length && spans[span + 1] <= at) span += 2;
    const end = runEnd(text, at, 0x60);
    if (!(span < spans.length && spans[span] <= at)) longest = Math.max(longest, end - at);
    at = text.indexOf('`', end);
  }
  return longest;
}

/**
 * `text` to be written after `before`, its backtick runs lengthened past `before`'s lone runs (loneRunLength): such a
 * run would be closed in `text`, and the code span would swallow what lies between (a note's separator:
 * ``Fix `foo — changes requested: use `bar` `` reads as one title). Longer fences show the same code (a backtick
 * inside code grows too), and runs of equal length still pair among themselves.
 */
export function fencedAfter(before: string, text: string): string {
  const longest = loneRunLength(before);
  return longest ? text.replace(/`+/g, (run) => run + '`'.repeat(longest)) : text;
}
