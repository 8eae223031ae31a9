/** Small text helpers every layer uses (core messages, the sidebar page, the local server's pages). */

/** The text cut to at most `length` characters, the last one an ellipsis when it was cut. */
export function shorten(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/**
 * A text with its `{name}` places filled (src/core/rare-words.ts, src/apps-script/rare-refusals.ts): each value as it
 * is, since a string given to String.replace would have its `$'` or `$&` read as patterns (a sheet's name may hold
 * them).
 */
export function filled(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (place, name: string) => values[name] ?? place);
}

/** Text made safe to put in HTML, between tags or in a quoted attribute (either quote). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A page's words without its tags, scripts and styles, cut short: what an error page (Google's, a server's) says. */
export function pageWords(html: string): string {
  const plain = withoutScriptsAndStyles(html)
    .replace(/<[^<>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 300 ? `${plain.slice(0, 300)}…` : plain;
}

/** The page without its script and style elements, found by index (a regular expression backtracks on `<script`s). */
function withoutScriptsAndStyles(html: string): string {
  const lower = html.toLowerCase();
  let kept = '';
  let from = 0;
  for (;;) {
    const starts = ['<script', '<style'].map((tag) => lower.indexOf(tag, from)).filter((at) => at >= 0);
    if (!starts.length) return kept + html.slice(from);
    const start = Math.min(...starts);
    const closing = lower.startsWith('<script', start) ? '</script>' : '</style>';
    const end = lower.indexOf(closing, start);
    kept += `${html.slice(from, start)} `;
    if (end < 0) return kept;
    from = end + closing.length;
  }
}

/** A number as a message writes it, with thousands separators: `50,000` (one place, so the bundle carries it once). */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** The bytes of `text` in UTF-8, as Apps Script counts a property's size (its key and value). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Math.imul, looked up once: a global looked up per character is 20× slower under node:vm (the local server). */
const multiply = Math.imul;

/** FNV-1a over UTF-16 code units: a cheap fingerprint to notice edits, not a security measure. */
export function digestText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = multiply(hash, 0x01000193) >>> 0;
  }
  return `${text.length.toString(36)}-${hash.toString(16).padStart(8, '0')}`;
}

/** The value a JSON text stands for; undefined when the text is not JSON (a hand-edited cell or property). */
export function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
