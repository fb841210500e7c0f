import type { ReactNode } from 'react';
import type { FormSchema, Json } from '../../protocol/api';
import type { Path } from './paths';

/** What every field component takes. */
export interface FieldProps {
  schema: FormSchema;
  /** The value at `path`; undefined where the data has none. */
  value: Json | undefined;
  path: Path;
  /** What the field is called: its key humanised, or "Module 2" for an item. */
  label: string;
  /** A required key (or a list's item): kept when emptied, so that the validator reports it. */
  required: boolean;
  /** Shown under the label; the schema's own description when not given. */
  description?: string | undefined;
  /** Text of several paragraphs: a textarea. */
  long?: boolean | undefined;
  /** Inside an image field: a path here names an image (picker, thumbnail, upload). */
  inImage?: boolean | undefined;
  /** A union's "Write as" choice, shown with the field's label. */
  writeAs?: ReactNode;
  /**
   * Only the fields of a group, without its own legend, id and errors: its container shows them
   * (a section panel's heading).
   */
  bare?: boolean | undefined;
}
