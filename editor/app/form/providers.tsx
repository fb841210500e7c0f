/** What PageForm puts around its fields: the contexts they read, and the pickers' lists. */
import type { ReactNode } from 'react';
import type { FormContext } from './contract';
import {
  ActionsContext,
  ErrorsContext,
  ListsContext,
  RevealContext,
  SectionTypesContext,
  UploadContext,
  type FormActions,
  type ListIds,
  type Revealer,
} from './context';
import type { ErrorStore } from './errors';
import { PhotoPromptsContext, type PhotoPrompts } from './photo-prompt';

interface ProvidersProps {
  actions: FormActions;
  errors: ErrorStore;
  lists: ListIds;
  upload: FormContext['upload'];
  sections: FormContext['sections'];
  revealer: Revealer;
  prompts: PhotoPrompts;
  children: ReactNode;
}

export function FormProviders({ actions, errors, lists, upload, sections, revealer, prompts, children }: ProvidersProps) {
  return (
    <ActionsContext.Provider value={actions}>
      <ErrorsContext.Provider value={errors}>
        <ListsContext.Provider value={lists}>
          <UploadContext.Provider value={upload}>
            <SectionTypesContext.Provider value={sections}>
              <RevealContext.Provider value={revealer}>
                <PhotoPromptsContext.Provider value={prompts}>{children}</PhotoPromptsContext.Provider>
              </RevealContext.Provider>
            </SectionTypesContext.Provider>
          </UploadContext.Provider>
        </ListsContext.Provider>
      </ErrorsContext.Provider>
    </ActionsContext.Provider>
  );
}

/**
 * One datalist of each kind for the whole form (a link field names the routes', an image field the
 * images'): a route is offered with its page's title, and `form` with what it means.
 */
export function Datalists({ lists, routes, images, files }: { lists: ListIds } & Pick<FormContext, 'routes' | 'images' | 'files'>) {
  return (
    <>
      <datalist id={lists.routes}>
        <option value="form">The enquiry form (its address is set in the site settings)</option>
        {routes.map((entry) => (
          <option key={entry.route} value={entry.route}>
            {entry.title}
          </option>
        ))}
      </datalist>
      <datalist id={lists.images}>
        {images.map((image) => (
          <option key={image} value={image} />
        ))}
      </datalist>
      <datalist id={lists.files}>
        {files.map((file) => (
          <option key={file} value={file} />
        ))}
      </datalist>
    </>
  );
}
