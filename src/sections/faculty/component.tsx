import type { SectionOf } from '../../content/page-schema';
import { Img } from '../../ui/Img';
import { SectionShell, Text } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './faculty.css';

type Person = NonNullable<SectionOf<'faculty'>['lead']>;

/** The lead profile, shown large, then a card for each other faculty member. */
export default function Faculty({ section }: SectionProps<'faculty'>) {
  return (
    <SectionShell kind="faculty" id={section.id} title={section.title}>
      {section.lead && (
        <article className="card person person--lead">
          <Profile person={section.lead} />
        </article>
      )}
      {section.members.length > 0 && (
        <ul className="grid faculty__members">
          {section.members.map((member, i) => (
            <li key={i}>
              <article className="card person">
                <Profile person={member} />
              </article>
            </li>
          ))}
        </ul>
      )}
    </SectionShell>
  );
}

function Profile({ person }: { person: Person }) {
  return (
    <>
      {person.photo && <Img image={person.photo} slot="portrait" fallbackAlt={person.name} className="person__photo" />}
      <div className="person__body">
        <h3 className="person__name">{person.name}</h3>
        {person.role && <p className="person__role">{person.role}</p>}
        <Text paragraphs={person.details} className="person__details" />
      </div>
    </>
  );
}
