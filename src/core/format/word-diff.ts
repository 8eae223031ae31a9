/**
 * Word-level difference of two short texts (task titles, phase names), for marking the words a rename changed. A
 * longest common subsequence over words: titles are a few dozen words at most, and a dependency would cost the
 * sidebar's bundle more than these lines.
 */

export interface WordPart {
  text: string;
  change: 'same' | 'added' | 'removed';
}

/** Beyond this many word pairs the table is not worth building: the texts are shown as one removal and one addition. */
const MAX_PAIRS = 250_000;

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** How much two texts share, 0 to 1: twice the common words (in order) over all words. Case does not count. */
export function wordSimilarity(before: string, after: string): number {
  const a = words(before.toLowerCase());
  const b = words(after.toLowerCase());
  if (!a.length && !b.length) return 1;
  if (a.length * b.length > MAX_PAIRS) return 0;
  return (2 * commonTable(a, b)[0][0]) / (a.length + b.length);
}

/** `table[i][j]`: the length of the longest common subsequence of `a` from i and `b` from j. */
function commonTable(a: readonly string[], b: readonly string[]): Int32Array[] {
  const table = Array.from({ length: a.length + 1 }, () => new Int32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
    }
  }
  return table;
}

function push(parts: WordPart[], text: string, change: WordPart['change']): void {
  const last = parts[parts.length - 1];
  if (last && last.change === change) last.text += ` ${text}`;
  else parts.push({ text, change });
}

/**
 * The words of `after`, in order, with the words of `before` it dropped: runs of kept, removed and added words
 * (removed before added where a word was replaced). Words are compared as written.
 */
export function diffWords(before: string, after: string): WordPart[] {
  const a = words(before);
  const b = words(after);
  const parts: WordPart[] = [];
  if (a.length * b.length > MAX_PAIRS) {
    if (a.length) parts.push({ text: a.join(' '), change: 'removed' });
    if (b.length) parts.push({ text: b.join(' '), change: 'added' });
    return parts;
  }
  const table = commonTable(a, b);
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push(parts, a[i++], 'same');
      j++;
    } else if (j >= b.length || (i < a.length && table[i + 1][j] >= table[i][j + 1])) {
      push(parts, a[i++], 'removed');
    } else {
      push(parts, b[j++], 'added');
    }
  }
  return parts;
}
