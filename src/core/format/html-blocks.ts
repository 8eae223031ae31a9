/**
 * Where an HTML block starts and ends, as CommonMark says (https://spec.commonmark.org/0.31.2/#html-blocks): only
 * these lines hide what follows them. Any other line that starts with `<` is text, such as an autolink
 * (`<https://…>`) or inline HTML (`<sub>Updated …</sub>`, `<b>Owner:</b> Dana`), and the tasks after it are read.
 * A comment (type 2, `<!--`) is read apart: see COMMENT_OPEN.
 */

/**
 * Types 1 and 3 to 6, after the line's indentation: raw text (`<pre`, `<script`, `<style`, `<textarea`), a processing
 * instruction (`<?`), CDATA, a declaration (`<!DOCTYPE`), or a block tag (`<details>`, `</div>`, `<p/>`) by name.
 */
const HTML_BLOCK_START = new RegExp(
  '^<(?:(pre|script|style|textarea)(?=[ \\t>]|$)|(\\?)|(!\\[CDATA\\[)|(![A-Za-z])|\\/?(?:address|article|aside|' +
    'base(?:font)?|blockquote|body|caption|center|col(?:group)?|d[dlt]|details|dialog|dir|div|fieldset|figcaption|' +
    'figure|footer|form|frame(?:set)?|h[1-6r]|head(?:er)?|html|iframe|legend|li(?:nk)?|main|menu(?:item)?|nav|' +
    'noframes|ol|optgroup|option|p(?:aram)?|search|section|summary|t(?:able|body|[dhr]|foot|head|itle|rack)|ul)' +
    '(?=[ \\t>]|\\/>|$))',
  'i',
);

/** Type 7: a line that is one complete open or closing tag (`<Warning>`, `<a href="x">`, `</ins>`), and spaces. */
const LONE_TAG =
  /^<(?:[A-Za-z][A-Za-z\d-]*(?:[ \t]+[A-Za-z_:][\w.:-]*(?:[ \t]*=[ \t]*(?:[^ \t"'=<>`]+|'[^']*'|"[^"]*"))?)*[ \t]*\/?|\/[A-Za-z][A-Za-z\d-]*[ \t]*)>[ \t]*$/;

/** What closes each block of HTML_BLOCK_START's first four groups: raw text's end tag, `?>`, `]]>`, `>`. */
const CLOSERS = [/<\/(?:pre|script|style|textarea)>/i, /\?>/, /]]>/, />/];

/** What ends an HTML block: the first line its closer matches (types 1, 3 to 5), or a blank line (types 6 and 7). */
export type HtmlBlockEnd = RegExp | 'blank-line';

/**
 * What ends the HTML block that starts in `text` (a line from its indentation on), or null when none starts there. A
 * lone tag (type 7) cannot interrupt a paragraph: after a paragraph line it is more of its text.
 */
export function htmlBlockStart(text: string, afterParagraph: boolean): HtmlBlockEnd | null {
  const start = HTML_BLOCK_START.exec(text);
  // The closer of the type whose group matched (a block tag has none).
  if (start) return CLOSERS.find((_, type) => start[type + 1] !== undefined) ?? 'blank-line';
  return !afterParagraph && LONE_TAG.test(text) ? 'blank-line' : null;
}
