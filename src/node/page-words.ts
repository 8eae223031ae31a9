/** A page's text without its tags, cut short: what an error page (Google's, or the local server's) says. */
export function pageWords(html: string): string {
  const plain = html
    .replace(/<[^<>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 300 ? `${plain.slice(0, 300)}…` : plain;
}
