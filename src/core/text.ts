/** Small text helpers every layer uses (core messages, the sidebar page, the local server's pages). */

/** The text cut to at most `length` characters, the last one an ellipsis when it was cut. */
export function shorten(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
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
  const plain = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^<>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 300 ? `${plain.slice(0, 300)}…` : plain;
}
