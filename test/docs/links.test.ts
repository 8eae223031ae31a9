/**
 * Every relative link of the README and docs/ leads somewhere: the file exists, and a `#fragment` names one of its
 * headings as GitHub writes heading anchors. The README is short and points into docs/, so a broken link there is a
 * reader stranded on the first page.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const DOCUMENTS = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];

/** GitHub's heading anchor: lower case, punctuation dropped (but `-` and `_`), spaces to `-`. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchor(match[1].replace(/`/g, ''))));
}

const links = DOCUMENTS.flatMap((document) => {
  const text = readFileSync(path.join(ROOT, document), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => ({ document, target }));
});

test.each(links)('$document links to $target, which exists', ({ document, target }) => {
  const [file, fragment] = target.split('#');
  const resolved = file ? path.resolve(path.dirname(path.join(ROOT, document)), file) : path.join(ROOT, document);
  expect(existsSync(resolved)).toBe(true);
  if (fragment && resolved.endsWith('.md')) expect([...anchorsOf(resolved)]).toContain(fragment);
});
