/**
 * The page's fields in the order an editor thinks of them: the content first (the sections, top to
 * bottom), then the course's facts (for a course page), then how the page appears in search
 * results and when shared (title, description, keywords, social picture, other addresses), in a
 * group closed until it is opened or one of its fields is asked for (an error's link).
 */
import { useContext, useEffect, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { FieldErrors, useChrome } from './chrome';
import { isRecord } from '../../../src/lib/is-record';
import type { FormSchema, Json } from '../../protocol/api';
import { fieldId } from './contract';
import { RevealContext, useErrorStore } from './context';
import { Field } from './Field';
import { UnknownKeyField } from './MismatchField';
import { childPath, formatPath, type Path } from './paths';
import { propertiesOf, requiredOf } from './schema';
import { labelOf } from './words';

/** The keys of meta shown with the content rather than with the search settings. */
const CONTENT_KEYS: readonly string[] = ['course'];

export const SEARCH_GROUP_TITLE = 'How the page appears in search and when shared';

/** Whether a schema is a page's: its sections and its meta. */
export function isPageSchema(schema: FormSchema): boolean {
  const properties = propertiesOf(schema);
  return properties.sections !== undefined && properties.meta !== undefined;
}

function useErrorCountOf(paths: readonly Path[]): number {
  const store = useErrorStore();
  return useSyncExternalStore(store.subscribe, () => paths.reduce((sum, path) => sum + store.countWithin(formatPath(path)), 0));
}

export function PageFields({ schema, value, path }: { schema: FormSchema; value: { [key: string]: Json }; path: Path }) {
  const properties = propertiesOf(schema);
  const metaSchema = properties.meta!;
  const metaPath = childPath(path, 'meta');
  const meta = value.meta;
  const metaProperties = propertiesOf(metaSchema);
  const metaRequired = requiredOf(metaSchema);
  const contentKeys = Object.keys(metaProperties).filter((key) => CONTENT_KEYS.includes(key));
  const searchKeys = Object.keys(metaProperties).filter((key) => !CONTENT_KEYS.includes(key));
  const others = Object.entries(properties).filter(([key]) => key !== 'meta' && key !== 'sections');
  const unknown = Object.keys(value).filter((key) => !Object.hasOwn(properties, key));
  const metaData = isRecord(meta) ? meta : undefined;
  const metaUnknown = metaData ? Object.keys(metaData).filter((key) => !Object.hasOwn(metaProperties, key)) : [];

  return (
    <>
      <Field
        schema={properties.sections!}
        value={value.sections}
        path={childPath(path, 'sections')}
        label={labelOf('sections', properties.sections!)}
        required={requiredOf(schema).includes('sections')}
      />
      {metaData &&
        contentKeys.map((key) => (
          <Field
            key={key}
            schema={metaProperties[key]!}
            value={Object.hasOwn(metaData, key) ? metaData[key] : undefined}
            path={childPath(metaPath, key)}
            label={labelOf(key, metaProperties[key]!)}
            required={metaRequired.includes(key)}
          />
        ))}
      {others.map(([key, child]) => (
        <Field key={key} schema={child} value={value[key]} path={childPath(path, key)} label={labelOf(key, child)} required={requiredOf(schema).includes(key)} />
      ))}
      <SearchGroup metaPath={metaPath} paths={metaData ? searchKeys.map((key) => childPath(metaPath, key)) : [metaPath]}>
        {metaData ? (
          <>
            {searchKeys.map((key) => (
              <Field
                key={key}
                schema={metaProperties[key]!}
                value={Object.hasOwn(metaData, key) ? metaData[key] : undefined}
                path={childPath(metaPath, key)}
                label={labelOf(key, metaProperties[key]!)}
                required={metaRequired.includes(key)}
              />
            ))}
            {metaUnknown.map((key) => (
              <UnknownKeyField key={`unknown:${key}`} name={key} value={metaData[key]!} path={childPath(metaPath, key)} />
            ))}
          </>
        ) : (
          <Field schema={metaSchema} value={meta} path={metaPath} label={SEARCH_GROUP_TITLE} required />
        )}
      </SearchGroup>
      {unknown.map((key) => (
        <UnknownKeyField key={`unknown:${key}`} name={key} value={value[key]!} path={childPath(path, key)} />
      ))}
    </>
  );
}

/** The search settings: a heading that opens and closes them, with their number of errors. */
function SearchGroup({ metaPath, paths, children }: { metaPath: Path; paths: readonly Path[]; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Errors of the settings as a whole (a key the form does not know) are shown here; links to them land here.
  const chrome = useChrome(metaPath, undefined);
  const revealer = useContext(RevealContext);
  const errors = useErrorCountOf(paths);
  const bodyId = useId();
  const ids = [chrome.id, ...paths.map((path) => fieldId(formatPath(path)))];

  // A field inside is asked for (an error's link): open the group, then the form focuses it.
  const key = ids.join(' ');
  useEffect(
    () => revealer.listen((id) => {
      if (key.split(' ').some((own) => id === own || id.startsWith(`${own}-`))) setOpen(true);
    }),
    [revealer, key],
  );

  return (
    <section
      className={`ef-search${open ? ' ef-open' : ''}`}
      id={chrome.id}
      tabIndex={-1}
      aria-labelledby={`${bodyId}-heading`}
      aria-describedby={chrome.describedBy}
    >
      <h2 className="ef-search-title" id={`${bodyId}-heading`}>
        <button type="button" className="ef-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          <span className="ef-chevron" aria-hidden="true" />
          <span className="ef-panel-name">{SEARCH_GROUP_TITLE}</span>
          {errors > 0 && (
            <span className="ef-count">
              <span className="ef-sr">,</span> {errors === 1 ? '1 error' : `${errors} errors`}
            </span>
          )}
        </button>
      </h2>
      <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={metaPath} />
      <div className="ef-search-body" id={bodyId} hidden={!open}>
        <p className="ef-note">What a search engine lists for this page, and what a link to it shows when shared on WhatsApp, Facebook or LinkedIn.</p>
        {open && children}
      </div>
    </section>
  );
}
