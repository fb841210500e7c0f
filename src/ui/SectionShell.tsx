import { useId, type ReactNode } from 'react';
import type { Paragraphs } from '../content/fields';

interface Props {
  /** Section type, used as a CSS hook: `section--faq`. */
  kind: string;
  id?: string | undefined;
  title?: string | undefined;
  intro?: Paragraphs | undefined;
  className?: string | undefined;
  children: ReactNode;
}

/** The frame every section shares: a landmark named by its heading (h2), optional intro, content. */
export function SectionShell({ kind, id, title, intro, className, children }: Props) {
  const headingId = useId();
  return (
    <section
      id={id}
      className={['section', `section--${kind}`, className].filter(Boolean).join(' ')}
      aria-labelledby={title ? headingId : undefined}
    >
      <div className="container">
        {title && (
          <h2 id={headingId} className="section__title">
            {title}
          </h2>
        )}
        {intro && <Text paragraphs={intro} className="section__intro" />}
        {children}
      </div>
    </section>
  );
}

/** Paragraphs from a ParagraphsSchema field. */
export function Text({ paragraphs, className }: { paragraphs: Paragraphs; className?: string | undefined }) {
  return (
    <div className={className}>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
