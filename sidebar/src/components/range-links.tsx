/**
 * Range references in the plan (`Warehouse!A2:F500`, `'My Sheet'!A:A`) as links: clicking one selects that
 * range in the sheet, in one round trip. The references are found by the core's pattern; the links are
 * buttons (they act, they go nowhere), drawn as links.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { findRangeReferences } from '../../../src/core/format/range-references';

/** What a click on a range link does: the controller's selectRange, provided once by the App. */
export const SelectRange = createContext<(reference: string) => void>(() => undefined);

export const RANGE_LINK_CLASS = 'range-link';

function linkTitle(reference: string): string {
  return `Select ${reference} in the sheet`;
}

/** One range link: a button that selects `reference` in the sheet (through the App's SelectRange). */
export function RangeLink({ reference }: { reference: string }) {
  const select = useContext(SelectRange);
  return (
    <button
      type="button"
      class={RANGE_LINK_CLASS}
      title={linkTitle(reference)}
      onClick={(event) => {
        event.stopPropagation();
        select(reference);
      }}
    >
      {reference}
    </button>
  );
}

/** `text` with each range reference a link. */
export function LinkedText({ text }: { text: string }) {
  const references = findRangeReferences(text);
  if (references.length === 0) return <>{text}</>;
  const parts = [];
  let at = 0;
  for (const { reference, start, end } of references) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<RangeLink reference={reference} />);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

/**
 * The same links inside rendered Markdown (Analysis, Notes): every text node outside a link and a code block
 * gets its references replaced by buttons that carry the reference in `data-range` (the container handles the
 * click).
 */
export function linkRangesIn(root: DocumentFragment | Element): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const textNodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('a, pre')) textNodes.push(node as Text);
  }
  for (const node of textNodes) {
    const text = node.data;
    const references = findRangeReferences(text);
    if (references.length === 0) continue;
    const replacement = document.createDocumentFragment();
    let at = 0;
    for (const { reference, start, end } of references) {
      if (start > at) replacement.append(text.slice(at, start));
      const link = document.createElement('button');
      link.type = 'button';
      link.className = RANGE_LINK_CLASS;
      link.title = linkTitle(reference);
      link.dataset.range = reference;
      link.textContent = reference;
      replacement.append(link);
      at = end;
    }
    if (at < text.length) replacement.append(text.slice(at));
    node.replaceWith(replacement);
  }
}

/** The reference of the range link an event happened on, if any (for a container of rendered Markdown). */
export function rangeLinkTarget(event: Event): string | undefined {
  const target = event.target instanceof Element ? event.target.closest(`.${RANGE_LINK_CLASS}`) : null;
  return target instanceof HTMLElement ? target.dataset.range : undefined;
}
