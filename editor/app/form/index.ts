/** The visual editor's generated form (issue 14): see PageForm and contract.ts. */
import './form.css';

export { PageForm } from './PageForm';
export { revealField, REVEAL_EVENT, SHOW_IN_PREVIEW_EVENT, type ShowInPreviewDetail } from './reveal';
export { fieldId, type FormContext, type PageFormProps } from './contract';
export { setIn, deleteIn, getIn } from './paths';
