/** What typing in a text field writes; shared by the text and the image-path fields. */
import { useFormActions } from './context';
import type { FieldProps } from './field-props';
import { isKey } from './paths';

/** What typing writes: an emptied optional key is deleted, never written as "". */
export function useTextChange(props: FieldProps): (text: string) => void {
  const { set, remove } = useFormActions();
  const { path, required, value } = props;
  return (text) => {
    if (text === '' && !required && isKey(path)) {
      if (value !== undefined) remove(path);
    } else set(path, text);
  };
}
