/**
 * The generic field: the component for a schema node, chosen by what the node says (a union, a
 * fixed value, a choice, a group, a list, text, a number, yes/no). Memoised: a field re-renders only
 * when its value (immutable, so unchanged parts keep their identity), schema or place changes.
 */
import { memo } from 'react';
import { ArrayField } from './ArrayField';
import type { FieldProps } from './field-props';
import { MismatchField } from './MismatchField';
import { ObjectField } from './ObjectField';
import { BooleanField, ConstField, EnumField, NumberField } from './ScalarFields';
import { branchesOf, enumOf, hasConst, matchesType, typeOf } from './schema';
import { StringField } from './StringField';
import { UnionField } from './UnionField';

export function FieldSwitch(props: FieldProps) {
  const { schema, value } = props;
  if (branchesOf(schema).length > 0) return <UnionField {...props} />;
  // A key written with nothing after it (`subtitle:`) is null: shown as an empty field, not as a mistake.
  if (value !== undefined && value !== null && !matchesType(schema, value) && !hasConst(schema)) return <MismatchField {...props} />;
  if (hasConst(schema)) return <ConstField {...props} />;
  if (enumOf(schema)) return <EnumField {...props} />;
  switch (typeOf(schema)) {
    case 'object':
      return <ObjectField {...props} />;
    case 'array':
      return <ArrayField {...props} />;
    case 'string':
      return <StringField {...props} />;
    case 'number':
    case 'integer':
      return <NumberField {...props} />;
    case 'boolean':
      return <BooleanField {...props} />;
    // A node of no type (zod's "anything") or of a type the form does not know: shown as it is.
    case undefined:
    default:
      return <MismatchField {...props} />;
  }
}

export const Field = memo(FieldSwitch);
