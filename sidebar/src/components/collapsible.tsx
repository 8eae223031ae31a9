import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

let sectionIds = 0;

export function Collapsible({
  title,
  count,
  initiallyOpen = true,
  className = '',
  children,
}: {
  title: string;
  count?: string;
  initiallyOpen?: boolean;
  className?: string;
  children: ComponentChildren;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const [id] = useState(() => `section-${++sectionIds}`);
  return (
    <section class={`collapsible ${className}`}>
      <h2 class="section-heading">
        <button
          type="button"
          class="section-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          <span class="chevron" aria-hidden="true" />
          <span class="section-title">{title}</span>
          {count && <span class="section-count">{count}</span>}
        </button>
      </h2>
      <div id={id} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
