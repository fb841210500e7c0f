/**
 * The catalogue of the build's refusals: what `npm run build` and `npm run check` print when they
 * cannot run or stop (the content's own mistakes are src/content/error-codes.ts). Words only;
 * scripts/errors/catalogue.ts says how entries are written.
 */
import { defineCatalogue } from './catalogue';

const LEFT_AS_IT_WAS = 'the previous output was left as it was.';

export const BUILD = defineCatalogue('build', {
  BUILD_NO_PAGES_FOLDER: {
    message: ({ folder }: { folder: string }) => `There is no pages/ folder in ${folder}:`,
    hint: 'run the build in the project folder.',
  },
  BUILD_TODAY_NOT_A_DATE: {
    message: ({ value }: { value: string }) => `--today ${value} is not a date:`,
    hint: 'write the day the site is made for as year-month-day, for example --today 2027-03-01 (without --today it is today in India).',
  },
  BUILD_CONTENT_FOLDER_HAS_NO_PAGES: {
    message: ({ folder }: { folder: string }) => `There is no pages/ folder in ${folder}:`,
    hint: '--content names the folder that holds pages/ and public/.',
  },
  BUILD_OUTPUT_LOCKED: {
    /** `who`: the build holding the folder ("pid 123, started 10:02:03"); `waited`: "10 minutes". */
    message: ({ folder, who, waited }: { folder: string; who: string; waited: string }) =>
      `Another build of ${folder} (${who}) was still running after ${waited}; this one stopped waiting.`,
    hint: ({ lockFile }: { lockFile: string }) => `If no build is running, delete ${lockFile} and try again.`,
  },
  BUILD_OUTPUT_PATH_OUTSIDE: {
    /** `reason`: why the path is not inside ("the path is absolute"). */
    message: ({ target, reason, outDir }: { target: string; reason: string; outDir: string }) => `Refusing to write "${target}": ${reason} (the output folder is ${outDir}).`,
    hint: 'Nothing was written there. If the output folder, or a folder in it, is a link to another place, remove the link and build again; otherwise run npm run build -- --verbose and tell a developer.',
  },
  BUILD_GENERATED_FILE_STALE: {
    message: ({ file }: { file: string }) => `${file} is out of date with the code:`,
    hint: 'run npm run codegen and commit it.',
  },
  BUILD_STOPPED: { message: `The build stopped: ${LEFT_AS_IT_WAS}`, hint: 'Correct what is listed above, then build again.' },
  BUILD_FAULT: {
    message: 'This is a fault of the build, not of the content:',
    hint: 'run npm run build -- --verbose for the details.',
  },
  BUILD_DEPLOY_REFUSED: { message: `Nothing was built: ${LEFT_AS_IT_WAS}`, hint: 'Correct the settings listed above, then run the deploy again.' },
  BUILD_FIREBASE_JSON_STALE_ON_DEPLOY: {
    message: ({ file }: { file: string }) => `${file} did not match the content and has been updated:`,
    hint: 'commit it and run the deploy again.',
  },
  BUILD_FIREBASE_VARIABLE_IGNORED: {
    message: ({ name }: { name: string }) => `${name} is ignored: the Firebase configuration is the firebase block of pages/_site.yaml.`,
    hint: 'Put the value in that block, and remove the variable from the environment (or .env).',
  },
  BUILD_PAGE_CHANGED_DURING: { message: ({ file }: { file: string }) => `${file} changed during the build.`, hint: 'Build again once it is saved.' },
  BUILD_STYLE_COLOUR_MISSING: {
    message: ({ name }: { name: string }) => `src/styles/base.css declares no --${name} colour (#rrggbb): the social cards and the manifest need it.`,
    hint: ({ name }: { name: string }) => `Declare --${name}: #rrggbb in :root of src/styles/base.css.`,
  },
});
