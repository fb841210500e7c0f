/**
 * A field that may be written in more than one way (text or a list; a path or { src, alt }; hours
 * or text; false or a menu entry): the value is edited in the way it is written, and "Write as"
 * switches to another, converting what can be converted.
 */
import { useState } from 'react';
import type { FormSchema } from '../../protocol/api';
import { fieldId } from './contract';
import { useFormActions } from './context';
import { FieldSwitch } from './Field';
import type { FieldProps } from './field-props';
import { MismatchField } from './MismatchField';
import { formatPath } from './paths';
import { branchFor, branchesOf, convertValue, descriptionOf, isParagraphs, kindOf, matchBranch } from './schema';
import { branchLabel, inSentence } from './words';

export function UnionField(props: FieldProps) {
  const { schema, value, path, label } = props;
  const { set } = useFormActions();
  const branches = branchesOf(schema);
  // The branch last written in: a field emptied while typing (hours cleared to type new ones) stays
  // as it was rather than turning into the branch shown for a field that has no value.
  const [written, setWritten] = useState<FormSchema | undefined>(undefined);
  // A key written with nothing after it (null) is shown as a field that has no value yet.
  const empty = value === undefined || value === null;
  const matched = empty ? undefined : matchBranch(schema, value);
  if (matched && matched !== written) setWritten(matched);
  const branch = empty ? (written ?? branchFor(schema, undefined)) : matched;
  const kind = kindOf(schema);
  const long = props.long || isParagraphs(schema);
  const description = props.description ?? descriptionOf(schema) ?? (branch && descriptionOf(branch));
  const selectId = `${fieldId(formatPath(path))}--as`;
  const writeAs =
    branches.length > 1 ? (
      <div className="ef-write-as">
        <label htmlFor={selectId}>
          Write as{' '}
          <span className="ef-sr">({inSentence(label)})</span>
        </label>
        <select
          id={selectId}
          className="ef-select ef-select-small"
          value={branch ? String(branches.indexOf(branch)) : ''}
          onChange={(event) => {
            const picked = branches[Number(event.target.value)];
            if (picked) set(path, convertValue(empty ? undefined : value, picked, long));
          }}
        >
          {!branch && <option value="">As it is now</option>}
          {branches.map((option, index) => (
            <option key={index} value={String(index)}>
              {branchLabel(option, kind, branches)}
            </option>
          ))}
        </select>
      </div>
    ) : undefined;
  if (!branch) return <MismatchField {...props} description={description} writeAs={writeAs} />;
  return (
    <FieldSwitch
      {...props}
      schema={branch}
      description={description}
      long={long}
      inImage={props.inImage || kind === 'image'}
      writeAs={writeAs}
    />
  );
}
