import { SectionShell, Text } from '../../ui/SectionShell';
import { SmartLink } from '../../ui/SmartLink';
import type { SectionProps } from '../types';
import './cta.css';

/** A coloured banner with a heading, a line of text and buttons. */
export default function Cta({ section }: SectionProps<'cta'>) {
  return (
    <SectionShell kind="cta" id={section.id} title={section.title}>
      {section.text && <Text paragraphs={section.text} className="cta__text" />}
      <div className="actions">
        {section.actions.map((action, i) => (
          <SmartLink key={i} href={action.href} className={i === 0 ? 'button cta__button' : 'button button--ghost cta__button'}>
            {action.label}
          </SmartLink>
        ))}
      </div>
    </SectionShell>
  );
}
