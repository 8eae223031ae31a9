/**
 * A plan made by createPlan lists every Analysis field, filled or not (`- Spreadsheet:`, `- Key sheets:`), as the
 * spec's template does. A person reading the plan in the sidebar needs no empty labels: this drops each list item
 * that is only a label, with nothing after its colon and nothing nested under it. The document itself is unchanged.
 */
const LABEL_ONLY = /^(\s*)[-*+] [^:\n]+:\s*$/;
const INDENT = /^(\s*)\S/;

export function withoutEmptyFields(markdown: string): string {
  const lines = markdown.split('\n');
  return lines
    .filter((line, index) => {
      const label = LABEL_ONLY.exec(line);
      if (!label) return true;
      const next = lines.slice(index + 1).find((candidate) => candidate.trim() !== '');
      const nextIndent = next === undefined ? -1 : (INDENT.exec(next)?.[1].length ?? 0);
      return nextIndent > label[1].length; // kept when something is nested under it
    })
    .join('\n');
}
