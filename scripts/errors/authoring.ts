/**
 * The catalogue of refusals of changing content files (scripts/authoring/, and the editor's API over
 * one checkout, editor/server/): what an editor reads when a page cannot be opened, saved, created,
 * deleted or a photo uploaded, in `npm run dev`'s editor, the hosted editor and `npm run new` alike.
 * Here, not under editor/, because `npm run new` (the engine's side) throws them too. Words only;
 * scripts/errors/catalogue.ts says how entries are written.
 */
import { defineCatalogue } from './catalogue';


export const AUTHORING = defineCatalogue('editor', {
  EDITOR_NOT_A_PAGE_FILE: { status: 400, message: ({ file }: { file: string }) => `${file} is not a page file the editor can open.`, hint: 'Pick the page from the list of pages.' },
  EDITOR_PAGE_GONE: {
    status: 404,
    message: ({ file }: { file: string }) => `${file} does not exist any more.`,
    hint: 'It was deleted or renamed since the list was shown: reload the list of pages.',
  },
  EDITOR_PAGE_GONE_MEANWHILE: {
    status: 404,
    message: ({ file }: { file: string }) => `${file} does not exist any more.`,
    hint: 'It was deleted or renamed meanwhile: reload the list of pages.',
  },
  EDITOR_ADDRESS_TAKEN: {
    status: 409,
    /** `where`: what the address is already ("it is the page pages/etabs.yaml"). */
    message: ({ route, where }: { route: string; where: string }) => `The address ${route} is already taken: ${where}.`,
    hint: 'Choose another address, or open that page instead.',
  },
  EDITOR_NOTHING_TO_COPY: {
    status: 404,
    message: ({ copy }: { copy: string }) => `There is no page at ${copy} to copy, and no template by that name.`,
    hint: ({ templates }: { templates: string }) => `Name a page by its address, such as /etabs, or start from a template: ${templates}.`,
  },
  EDITOR_COPY_UNREADABLE: {
    status: 422,
    message: ({ file }: { file: string }) => `${file} cannot be copied: its text is not a page the editor can read.`,
    hint: 'Open it and correct its mistakes first, or start from a template.',
  },
  EDITOR_NEW_PAGE_NAME_MISSING: {
    status: 400,
    message: 'The new page needs a name first.',
    hint: 'Type what the page is called, e.g. Tekla Structures: it is filled in everywhere the page shows it.',
  },
  EDITOR_NEW_PAGE_DURATION_NOT_A_COURSE: {
    status: 400,
    message: 'Only a course has a duration, and this page is not one.',
    hint: 'Leave the duration out, or start from the course template or a copy of a course page.',
  },
  EDITOR_NEW_ADDRESS_INVALID: {
    status: 400,
    message: ({ route }: { route: string }) => `"${route}" cannot be the address of a new page.`,
    hint: 'Use letters, digits and dashes after the slash, e.g. /tekla-structures; a slash between words makes a page inside another, e.g. /gate/results.',
  },
  EDITOR_NEW_ADDRESS_UNUSABLE: {
    status: 400,
    /** `problem`: why (the file name's problem, "has an uppercase letter"…). */
    message: ({ route, problem }: { route: string; problem: string }) => `The address ${route} ${problem}.`,
    hint: 'Use letters, digits and dashes, e.g. /tekla-structures.',
  },
  EDITOR_NO_SUCH_TEMPLATE: { status: 400, message: ({ name }: { name: string }) => `There is no template called "${name}".`, hint: 'Pick one of the templates offered.' },
  EDITOR_LINK_NOT_FOLLOWED: {
    status: 400,
    message: ({ file, kind }: { file: string; kind: string }) => `${file} is a link to another ${kind}, which the editor never follows.`,
    hint: ({ kind }: { kind: string }) => `A developer must replace the link with the ${kind} itself in the site's repository.`,
  },
  EDITOR_NOT_A_FILE: { status: 400, message: ({ file }: { file: string }) => `${file} is not a file.`, hint: 'A developer must put the file itself there.' },
  EDITOR_YAML_INVALID: {
    status: 422,
    message: ({ problem }: { problem: string }) => `The file is not valid YAML (${problem}); correct it in a text editor first.`,
    hint: 'Open the file in a text editor, correct the line its error names, then open the page here again.',
  },
  EDITOR_WRITE_NOT_FAITHFUL: {
    status: 500,
    message: 'The changes could not be written into the file in a way that reads back the same. Nothing was saved.',
    hint: 'What you typed is still on the screen, and the file as it was. Tell a developer which change it was.',
  },
});
