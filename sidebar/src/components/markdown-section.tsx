/** A section of the plan written in Markdown (Analysis, Notes): collapsible, its range references links. */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { renderMarkdown } from '../markdown';
import { Collapsible } from './collapsible';
import { linkRangesIn } from './range-links';

export function MarkdownSection({ title, text }: { title: string; text?: string }) {
  if (!text?.trim()) return null;
  return (
    <Collapsible title={title} className="markdown-section">
      <Markdown text={text} />
    </Collapsible>
  );
}

/** Sanitised Markdown, put into the page as DOM nodes, with its range references as links. */
function Markdown({ text }: { text: string }) {
  const container = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const fragment = renderMarkdown(text);
    linkRangesIn(fragment);
    container.current?.replaceChildren(fragment);
  }, [text]);
  return <div class="markdown" ref={container} />;
}
