/**
 * The catalogue of content errors: every code an editor can meet, with its title, its message (what
 * happened) and its hint (what to do). Checks say which error and with which values; the words are
 * here, in one place, so they can be read, reviewed and listed (docs/errors.md, made from it)
 * together. Modelled on Astro's `errors-data.ts`.
 *
 * The codes are stable: editors, their tools and the tests know them. A message says what happened
 * without the location (the file, line and path are printed beside it); a hint says what to do.
 * Where a code covers several situations, its parameters name the `case`.
 *
 * Words only: no parsing, no file system, no zod here. A check computes what the words need (the
 * nearest name for "did you mean", the fields allowed) and passes it in.
 */

/** What an editor reads about one mistake, before it is located in a file. */
export interface Problem {
  code: ContentErrorCode;
  /** What is wrong, in plain words, without the location. */
  message: string;
  /** What to do about it (absent only where it is a field's description and the field has none). */
  hint: string | undefined;
}

/** A field's description from its schema, the hint of the errors zod finds in it. */
interface Described {
  about: string | undefined;
}

/** Words that may depend on the error's parameters. */
type Words<P> = string | ((params: P) => string);

interface Wording<P> {
  message: Words<P>;
  hint: Words<P> | ((params: P) => string | undefined);
}

/**
 * Each case of a code with its own parameters and wording; the code's parameters are their union.
 * `cases` names them for the listing of every error (docs/errors.md).
 */
function byCase<P extends { case: string }>(
  cases: { [K in P['case']]: Wording<Extract<P, { case: K }>> },
): { message: (params: P) => string; hint: (params: P) => string | undefined; cases: readonly string[] } {
  const wordingOf = (params: P) => cases[params.case as P['case']] as Wording<P>;
  return {
    message: (params) => say(wordingOf(params).message, params),
    hint: (params) => say(wordingOf(params).hint, params),
    cases: Object.keys(cases),
  };
}

function say<P, R extends string | undefined>(words: string | ((params: P) => R), params: P): string | R {
  return typeof words === 'function' ? words(params) : words;
}

const didYouMean = (suggestion: string | undefined) => (suggestion ? `Did you mean "${suggestion}"? ` : '');

/** `"a", "b", "c"` */
function quotedList(words: readonly string[]): string {
  return words.map((word) => `"${word}"`).join(', ');
}

/** A value as the editor wrote it: its kind, and the text or number itself. */
export function describeValue(value: unknown): string {
  if (value === null) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a block of keys';
  if (typeof value === 'string') return `text ("${value.length > 40 ? `${value.slice(0, 40)}…` : value}")`;
  if (typeof value === 'number') return `a number (${value})`;
  if (typeof value === 'boolean') return `${value} (a yes/no value)`;
  if (typeof value === 'bigint') return `a number (${value})`;
  // YAML gives no other kind of value; a function or symbol is named by its kind.
  return value === undefined ? 'undefined' : `a ${typeof value}`;
}

/** zod's names of the kinds of value, in an editor's words. */
const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list (lines starting with "- ")',
  object: 'a block of keys',
};

const kilobytes = (bytes: number) => `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/** The YAML parser's own message, without the location it appends (it is printed beside it). */
function parserWords(message: string): string {
  const text = message.replace(/ at line \d+, column \d+.*$/s, '').trim();
  return text.charAt(0).toLowerCase() + text.slice(1);
}

const HIDDEN_NAMES: Record<string, string> = { '\ufffd': 'the replacement character �' };

const NO_ALIASES = 'Write the text out in full where it is needed: anchors (&name) and aliases (*name) are not allowed, because a few lines of them can expand into an enormous page.';

const FIREBASE_CONFIGURATION = "Replace it with your Firebase project's web configuration from the Firebase console → Project settings → Your apps.";

const BROCHURE_EXAMPLE = 'e.g. /downloads/cesa-brochure.pdf';

/** Every code, in the order docs/errors.md lists them. */
export const CONTENT_ERRORS = {
  'yaml-syntax': {
    title: 'Not valid YAML',
    note: 'The first syntax mistake of a file only: later ones are usually its echoes; an unclosed quote or bracket is shown where it opens.',
    ...byCase<
      | { case: 'unclosed-quote'; quote: '"' | "'" }
      | { case: 'unclosed-bracket'; opener: '[' | '{' }
      | { case: 'parser'; parserMessage: string }
    >({
      'unclosed-quote': {
        message: 'the quoted text that starts here is never closed',
        hint: ({ quote }) => `Add the closing ${quote} at the end of the text.`,
      },
      'unclosed-bracket': {
        message: ({ opener }) => `the ${opener === '[' ? 'list' : 'block'} that starts here is never closed`,
        hint: ({ opener }) => {
          const [closer, what] = opener === '[' ? [']', 'list'] : ['}', 'block'];
          return `Add the closing ${closer} at the end of the ${what}, or put the text in quotes if the ${opener} is part of it.`;
        },
      },
      parser: {
        message: ({ parserMessage }) => parserWords(parserMessage),
        hint: 'Check the indentation (spaces, not tabs) and put text containing ": " or starting with [ { * & ! | > % @ ` in quotes. Later lines are checked once this one is fixed.',
      },
    }),
  },
  'yaml-tab': {
    title: 'A tab in an indentation',
    note: 'Once, with the other lines that have one.',
    message: 'a tab is used for indentation here; YAML indents with spaces only',
    hint: ({ otherLines }: { otherLines: readonly number[] }) => {
      const shown = otherLines.slice(0, 5);
      const where = shown.length > 0 ? `, here and on line${shown.length > 1 ? 's' : ''} ${shown.join(', ')}${otherLines.length > 5 ? ' and more' : ''}` : '';
      return `Replace the tab with spaces (two for each level)${where}. Most editors can convert tabs to spaces for the whole file.`;
    },
  },
  'yaml-duplicate-key': {
    title: 'A key written twice in one block',
    message: 'this key appears twice in the same block',
    hint: 'Keep one of the two: the second would silently replace the first.',
  },
  'yaml-alias': {
    title: 'A YAML anchor or alias',
    ...byCase<{ case: 'alias'; name: string } | { case: 'anchor'; name: string }>({
      alias: { message: ({ name }) => `"*${name}" repeats another part of the file (a YAML alias)`, hint: NO_ALIASES },
      anchor: { message: ({ name }) => `"&${name}" marks this part of the file for repeating elsewhere (a YAML anchor)`, hint: NO_ALIASES },
    }),
  },
  'yaml-tag': {
    title: 'A YAML tag',
    /** `written`: the rest of the line from the tag on; `text`: whether it reads as text that starts with "!". */
    message: ({ written }: { written: string; text: boolean }) => `"${written.split(/\s/)[0]}" is read as a YAML tag, not as text: it would not appear on the page`,
    hint: ({ written, text }: { written: string; text: boolean }) =>
      text ? `Put the whole text in quotes: ${JSON.stringify(written)}.` : `Delete "${written.split(/\s/)[0]}": tags are not allowed, a value is plain text (in quotes if it starts with !).`,
  },
  'not-a-document': {
    title: 'Not a document of keys and values',
    message: 'the file does not hold a document of keys and values',
    hint: 'Start from a template: npm run new -- <route>.',
  },
  'unknown-key': {
    title: 'A field that does not exist here',
    note: 'With the nearest field, if one is close.',
    message: ({ key }: { key: string }) => `"${key}" is not a field here`,
    hint: ({ known, suggestion }: { known: readonly string[]; suggestion: string | undefined }) => `${didYouMean(suggestion)}Fields allowed here: ${quotedList(known)}.`,
  },
  'unknown-section-type': {
    title: 'A section type that does not exist',
    note: 'With the nearest type, and the rest of the section checked as that type.',
    message: ({ type }: { type: string | undefined }) => (type === undefined ? 'this section has no type' : `"${type}" is not a section type`),
    hint: ({ types, suggestion }: { types: readonly string[]; suggestion: string | undefined }) => `${didYouMean(suggestion)}Section types: ${types.join(', ')}.`,
  },
  'missing-field': {
    title: 'A required field is missing',
    ...byCase<
      | ({ case: 'field'; field: string } & Described)
      | { case: 'item'; index: number }
      | { case: 'course-menu'; groups: readonly string[]; suggestion: string | undefined }
      | { case: 'firebase' }
    >({
      field: {
        message: ({ field }) => `"${field}" is missing`,
        hint: ({ field, about }) => `Add \`${field}:\`${about ? ` (${about.replace(/\.$/, '')})` : ''}.`,
      },
      item: { message: ({ index }) => `item ${index + 1} is empty`, hint: 'Fill it in or delete the line.' },
      'course-menu': {
        message: '"menu" is missing: say which group of the menu lists this course, or that none does',
        hint: ({ groups, suggestion }) =>
          `Add \`menu: { group: ${suggestion ?? '…'} }\` under course, with a group of the menu in _site.yaml (${groups.join(', ')}), or \`menu: false\` to leave the course out of the menu.`,
      },
      firebase: {
        message: 'there is no firebase block, so the site is built for the local sign-in emulator (an example project)',
        hint: "Add a firebase: block with your Firebase project's web configuration (apiKey, authDomain, projectId, appId) from the Firebase console → Project settings → Your apps.",
      },
    }),
  },
  'wrong-type': {
    title: 'Another kind of value was expected',
    note: 'Text for a list, a list for a number…',
    /** `expected`: zod's names of the kinds that would do (string, array…), `found`: the value written. */
    message: ({ expected, found }: { expected: readonly string[]; found: unknown } & Described) => {
      const words = [...new Set(expected.map((kind) => EXPECTED[kind] ?? kind))];
      return `expected ${words.join(' or ') || 'another kind of value'}, found ${describeValue(found)}`;
    },
    hint: ({ about }: Described) => about,
  },
  'invalid-value': {
    title: 'A value that is not one of those allowed',
    note: 'Also a contact branch or a menu group that _site.yaml does not have.',
    ...byCase<
      | { case: 'choice'; value: unknown; field: string; allowed: readonly string[]; suggestion: string | undefined }
      | { case: 'branch'; city: string; cities: readonly string[]; suggestion: string | undefined }
      | { case: 'menu-group-twice'; group: string; first: string }
      | { case: 'menu-group-unknown'; group: string; groups: readonly string[]; suggestion: string | undefined }
      | { case: 'firebase-demo-project'; projectId: string }
      | { case: 'firebase-example-api-key'; apiKey: string }
      | { case: 'firebase-api-key'; apiKey: string }
      | { case: 'firebase-example-auth-domain'; authDomain: string }
      | { case: 'firebase-example-app-id'; appId: string }
    >({
      choice: {
        message: ({ value, field }) => `${describeValue(value)} is not allowed for "${field}"`,
        hint: ({ allowed, suggestion }) => `${didYouMean(suggestion)}Use one of: ${quotedList(allowed)}.`,
      },
      branch: {
        message: ({ city }) => `"${city}" is not a branch in _site.yaml`,
        hint: ({ cities, suggestion }) => `${didYouMean(suggestion)}Branches: ${cities.join(', ')}.`,
      },
      'menu-group-twice': {
        message: ({ group, first }) => `the group "${group}" is already an entry of the menu (${first})`,
        hint: 'Give each group of courses its own id: course pages name the group they are listed in by it.',
      },
      'menu-group-unknown': {
        message: ({ group }) => `"${group}" is not a group of the menu`,
        hint: ({ groups, suggestion }) =>
          `${didYouMean(suggestion)}${groups.length > 0 ? `Groups of the menu in _site.yaml: ${groups.join(', ')}.` : 'The menu in _site.yaml has no groups of courses (an entry with a `group` id).'}`,
      },
      'firebase-demo-project': {
        message: ({ projectId }) => `"${projectId}" is an example project for the local sign-in emulator (its id starts with demo-): a deployed site could not sign anyone in`,
        hint: FIREBASE_CONFIGURATION,
      },
      'firebase-example-api-key': { message: ({ apiKey }) => `"${apiKey}" is an example API key`, hint: FIREBASE_CONFIGURATION },
      'firebase-api-key': {
        message: ({ apiKey }) => `"${apiKey}" does not look like a Firebase web API key (those start with AIza and are 39 characters long)`,
        hint: 'Copy it again from the Firebase console → Project settings → Your apps.',
      },
      'firebase-example-auth-domain': { message: ({ authDomain }) => `"${authDomain}" is an example sign-in domain`, hint: FIREBASE_CONFIGURATION },
      'firebase-example-app-id': { message: ({ appId }) => `"${appId}" is an example app id`, hint: FIREBASE_CONFIGURATION },
    }),
  },
  'too-few': {
    title: 'Too few items, too short, or too small',
    ...byCase<
      | ({ case: 'list'; rule: string; count: number } & Described)
      | ({ case: 'text' } & Described)
      | ({ case: 'number'; minimum: unknown; found: unknown } & Described)
    >({
      // `rule`: the schema's own words for the minimum (e.g. "needs at least one item").
      list: { message: ({ rule, count }) => `${rule} (found ${count})`, hint: ({ about }) => about },
      text: { message: 'must not be empty', hint: ({ about }) => about },
      number: { message: ({ minimum, found }) => `must be at least ${String(minimum)}, found ${describeValue(found)}`, hint: ({ about }) => about },
    }),
  },
  'too-many': {
    title: 'Too many items, or too large',
    ...byCase<({ case: 'list'; maximum: unknown } & Described) | ({ case: 'number'; maximum: unknown; found: unknown } & Described)>({
      list: { message: ({ maximum }) => `has too many items (at most ${String(maximum)})`, hint: ({ about }) => about },
      number: { message: ({ maximum, found }) => `must be at most ${String(maximum)}, found ${describeValue(found)}`, hint: ({ about }) => about },
    }),
  },
  'invalid-format': {
    title: 'A value not written the way it must be',
    note: 'A route without its slash, a brochure that is not a .pdf…',
    ...byCase<({ case: 'rule'; value: unknown; rule: string } & Described) | { case: 'brochure'; file: string }>({
      // `rule`: the schema's words for the format ("must be a route such as /etabs: …").
      rule: {
        message: ({ value, rule }) => `${describeValue(value)} ${rule.startsWith('must') ? rule : `is not valid: ${rule}`}`,
        hint: ({ about }) => about,
      },
      brochure: { message: ({ file }) => `${file} is not a PDF file name`, hint: `End it with .pdf, ${BROCHURE_EXAMPLE}.` },
    }),
  },
  'invalid-content': {
    title: 'A rule of the content is broken',
    note: 'A hero first, table rows as long as the columns…',
    /** `rule`: the schema's words for the rule (a hero first, rows as long as the columns…). */
    message: ({ rule }: { rule: string } & Described) => rule,
    hint: ({ about }: Described) => about,
  },
  'course-fact': {
    title: 'A course fact the page does not state',
    note: "A text names {duration} (or another fact in braces) that the page's course block does not give, or a word in braces that is no fact.",
    ...byCase<
      | { case: 'not-stated'; written: string; fact: string; about: string }
      | { case: 'no-hours'; duration: string }
      | { case: 'no-course'; written: string }
      | { case: 'unknown'; written: string; facts: readonly string[]; suggestion: string | undefined }
    >({
      'not-stated': {
        message: ({ written, about }) => `"${written}" stands for ${about}, but this page's course does not state it`,
        hint: ({ written, fact }) => `Add \`${fact}:\` to the course block at the top of the file (meta › course), or write the words themselves here instead of "${written}".`,
      },
      'no-hours': {
        message: ({ duration }) => `"{hours}" stands for the course's number of hours, but its duration ("${duration}") does not start with one`,
        hint: 'Write "{duration}" here instead, or start the duration in the course block with its hours (e.g. 50 hours / 8 days).',
      },
      'no-course': {
        message: ({ written }) => `"${written}" stands for a fact of the course, but this page is not a course (it has no course block in meta)`,
        hint: ({ written }) => `Write the words themselves here instead of "${written}", or add a course block (meta › course) with a name.`,
      },
      unknown: {
        message: ({ written }) => `"${written}" is not a course fact`,
        hint: ({ facts, suggestion }) => `${didYouMean(suggestion ? `{${suggestion}}` : undefined)}Words in braces stand for the course's facts: ${facts.map((fact) => `{${fact}}`).join(', ')}.`,
      },
    }),
  },
  'facts-too-long': {
    title: 'A page too long once its course facts are shown',
    note: "The page's texts, with the course's name, duration and other facts shown wherever they are named in braces, would be longer than any page may be.",
    message: ({ maxCharacters }: { maxCharacters: number }) =>
      `with the course's facts shown wherever this page names them, its texts would be longer than a page may be (${maxCharacters.toLocaleString('en-US')} characters); from here on they are shown as written`,
    hint: "Name the course's facts in fewer places, or shorten them in the course block at the top of the page (meta › course): a course's name is a few words.",
  },
  'dated-fact': {
    title: 'A date that cannot be right',
    note: 'In a list of dates: a period that ends before it starts, an event with no date or with two.',
    ...byCase<{ case: 'range-backwards'; from: string; to: string } | { case: 'no-date' } | { case: 'two-dates' }>({
      'range-backwards': {
        message: ({ from, to }) => `this period ends on ${to}, before it starts on ${from}`,
        hint: 'Swap the two dates, or correct the one that is wrong (the official notice has them).',
      },
      'no-date': {
        message: 'this event has no date',
        hint: 'Give it a date (2027-01-11), a period (from and to) or, while the exact day is not announced, the month it is expected in (2027-02).',
      },
      'two-dates': {
        message: 'this event has both a date and an expected month',
        hint: 'Keep the date once it is announced and remove the expected month.',
      },
    }),
  },
  'date-check': {
    title: 'A date to look at (a warning)',
    note: 'Never an error: npm run check -- --today and the editor list what is past, due for a check, or soon to start with seats unknown.',
    ...byCase<
      | { case: 'cycle-over'; name: string; last: string }
      | { case: 'expected-passed'; event: string; month: string }
      | { case: 'valid-until-passed'; name: string; date: string }
      | { case: 'valid-until-soon'; name: string; date: string; days: number }
      | { case: 'never-checked'; name: string }
      | { case: 'checked-long-ago'; name: string; date: string; days: number }
      | { case: 'batch-past'; start: string }
      | { case: 'batch-seats-unknown'; start: string; days: number }
      | { case: 'no-founding-year' }
    >({
      'cycle-over': {
        message: ({ name, last }) => `every date of ${name} is past (the last was ${last}): the page shows them as held`,
        hint: 'Check the official site for the next cycle and add its dates (expected months until the days are announced).',
      },
      'expected-passed': {
        message: ({ event, month }) => `"${event}" was expected in ${month}, and that month is over`,
        hint: 'Write the day it was held from the official site, or the month it is now expected in.',
      },
      'valid-until-passed': {
        message: ({ name, date }) => `the dates of ${name} were to be checked again by ${date}, which is past`,
        hint: 'Compare them with the official site, correct what changed, then move "valid until" and "last checked" on.',
      },
      'valid-until-soon': {
        message: ({ name, date, days }) => `the dates of ${name} are to be checked again by ${date}, in ${days} ${days === 1 ? 'day' : 'days'}`,
        hint: 'Compare them with the official site before then, and move "valid until" and "last checked" on.',
      },
      'never-checked': {
        message: ({ name }) => `nobody has recorded checking the dates of ${name} against the official site`,
        hint: 'Compare them with the official site and write the day you did as "last checked".',
      },
      'checked-long-ago': {
        message: ({ name, date, days }) => `the dates of ${name} were last checked on ${date}, ${days} days ago`,
        hint: 'Compare them with the official site again and write today as "last checked".',
      },
      'batch-past': {
        message: ({ start }) => `this batch started on ${start}, which is past: the site no longer shows it as upcoming`,
        hint: 'Remove it when it is no longer needed, and add the next batch.',
      },
      'no-founding-year': {
        message: '"{years}" stands for the years since the academy was founded, but the site settings do not say the year it was founded: the page would show "{years}"',
        hint: 'Add the year the academy was founded to the site settings, or write the number of years here.',
      },
      'batch-seats-unknown': {
        message: ({ start, days }) => `this batch starts on ${start}, in ${days} ${days === 1 ? 'day' : 'days'}, and its seats are not given`,
        hint: 'Write how many seats are left, or mark it full.',
      },
    }),
  },
  'years-figure': {
    title: 'A typed number of years that the founding year contradicts (a warning)',
    note: 'Never an error: the academy decides which figure is right.',
    message: ({ written, computed, founded, year }: { written: string; computed: number; founded: number; year: number }) =>
      `says ${written}; founded ${founded} makes it ${computed} years in ${year}`,
    hint: 'Write {years} instead of the number, so that it is counted for the day the site is made, or correct the figure.',
  },
  'course-card': {
    title: 'A course card that names a page which is not a course',
    note: 'Its course: names a page without a course block.',
    message: ({ route }: { route: string }) => `the card takes its name and duration from ${route}, which is not a course page (it has no course block in meta)`,
    hint: 'Name a course page here, or remove `course:` and write the card\'s title yourself.',
  },
  batch: {
    title: 'A batch that cannot be shown as written',
    note: "A batch of a course (meta › course › batches) that ends before it starts, or whose centre is none of the site's branches.",
    ...byCase<{ case: 'end-before-start'; start: string; end: string } | { case: 'unknown-centre'; centre: string; cities: readonly string[]; suggestion: string | undefined }>({
      'end-before-start': {
        message: ({ start, end }) => `the batch ends on ${end}, before it starts (${start})`,
        hint: 'Check both dates: the last day of the batch comes on or after its first day. Leave the end out if it is not known yet.',
      },
      'unknown-centre': {
        message: ({ centre }) => `"${centre}" is not one of the academy's branches`,
        hint: ({ cities, suggestion }) => `${didYouMean(suggestion)}Write the city of a branch (${cities.join(', ')}), or online for a batch taught online only.`,
      },
    }),
  },
  'broken-link': {
    title: 'A link to a page that does not exist',
    note: 'A link to a route of no file in pages/.',
    message: ({ route }: { route: string }) => `the link goes to ${route}, which is not a page of this site`,
    hint: ({ suggestion }: { suggestion: string | undefined }) =>
      suggestion ? `Did you mean ${suggestion}? Routes come from the files in pages/.` : 'Routes come from the files in pages/: create the page, or link to an existing one.',
  },
  'missing-file': {
    title: 'A file that is not in public/',
    note: 'An image or video.',
    message: ({ src }: { src: string }) => `${src} is not in public/`,
    hint: ({ src }: { src: string }) => `Put the file at public${src}, or correct the path.`,
  },
  'image-too-heavy': {
    title: 'An image too heavy to publish',
    note: 'A photo over 50 MB, or an SVG or GIF over 400 KB.',
    ...byCase<{ case: 'photo'; src: string; bytes: number; maxBytes: number } | { case: 'served-as-is'; src: string; bytes: number; maxBytes: number }>({
      photo: {
        message: ({ src, bytes, maxBytes }) => `${src} weighs ${megabytes(bytes)}: a photo may weigh at most ${megabytes(maxBytes)}`,
        hint: 'Export it again from the camera or editor at a lower size or quality: the site serves it at most 1,600 px wide, so 4,000 px and a JPEG quality of 90 are plenty.',
      },
      'served-as-is': {
        message: ({ src, bytes, maxBytes }) =>
          `${src} weighs ${kilobytes(bytes)}: an image served as it is (SVG, GIF) may weigh at most ${kilobytes(maxBytes)}, or the page is slow to load on phones`,
        hint: 'Simplify the drawing, or save a photo as JPEG, PNG, WebP or AVIF: those the build resizes and compresses.',
      },
    }),
  },
  'image-too-small': {
    title: 'A photo too small for where it is shown',
    note: 'It would show blurred.',
    /** `slot`: where it is shown, in words ("a hero banner"). */
    message: ({ src, width, height, slot, minWidth }: { src: string; width: number; height: number; slot: string; minWidth: number }) =>
      `${src} is ${width} × ${height} px: ${slot} needs a photo at least ${minWidth} px wide, or it shows blurred`,
    hint: 'Use a larger original (the build makes the smaller sizes), or an SVG for a drawing or a logo.',
  },
  'image-unreadable': {
    title: 'An image that cannot be read',
    note: 'Not an image, or damaged.',
    ...byCase<{ case: 'header'; src: string } | { case: 'photo'; src: string; reason: string } | { case: 'card-picture'; src: string; reason: string }>({
      // Found when the content is checked: the file's header is not an image's.
      header: {
        message: ({ src }) => `${src} cannot be read as an image: the file is damaged or not what its name says`,
        hint: 'Open it in an image editor and save it again as JPEG, PNG, WebP or AVIF.',
      },
      // Found by the build, decoding the photo (`reason`: the decoder's words).
      photo: {
        message: ({ src, reason }) => `${src} cannot be read as an image (${reason})`,
        hint: 'The file is damaged or not what its name says: open it in an image editor and save it again as JPEG, PNG, WebP or AVIF.',
      },
      // Found by the build, making the picture of a shared link or the icons.
      'card-picture': {
        message: ({ src, reason }) => `${src} cannot be read as an image (${reason})`,
        hint: 'The file is damaged or not what its name says: open it in an image editor and save it again.',
      },
    }),
  },
  'duplicate-route': {
    title: 'Two pages for one address',
    note: 'Two files, or two pages\' aliases: both files are named.',
    ...byCase<
      | { case: 'two-files'; file: string; other: string; route: string }
      | { case: 'alias-is-a-page'; alias: string; page: string }
      | { case: 'alias-twice'; alias: string; file: string; others: readonly string[] }
    >({
      'two-files': { message: ({ file, other, route }) => `${file} and ${other} are both the page ${route}`, hint: 'Delete or rename one of them.' },
      'alias-is-a-page': { message: ({ alias, page }) => `the alias ${alias} is already the page of ${page}`, hint: 'Remove the alias, or rename or delete that page.' },
      'alias-twice': {
        message: ({ alias, others }) => `the alias ${alias} is claimed by ${others.join(' and ')} too`,
        hint: ({ file, others }) => `An address can lead to one page only: keep the alias in one of ${[file, ...others].join(', ')}.`,
      },
    }),
  },
  'route-collision': {
    title: 'An address that is already a file',
    ...byCase<
      | { case: 'page'; route: string; clash: string }
      | { case: 'alias'; alias: string; clash: string }
      | { case: 'brochure-in-page'; file: string; route: string }
      | { case: 'brochure'; file: string; clash: string }
    >({
      page: { message: ({ route, clash }) => `the address ${route} is already ${clash}`, hint: 'Rename the page file.' },
      alias: { message: ({ alias, clash }) => `the alias ${alias} is already ${clash}`, hint: 'Choose another alias.' },
      'brochure-in-page': {
        message: ({ file, route }) => `${file} would be written inside the page ${route}`,
        hint: `Put the brochure in a folder of its own, ${BROCHURE_EXAMPLE}.`,
      },
      brochure: { message: ({ file, clash }) => `${file} is already ${clash}`, hint: `Choose another path, ${BROCHURE_EXAMPLE}.` },
    }),
  },
  'bad-file-name': {
    title: 'A file name no link can use',
    /** `problem`: why the address is not usable; `suggestion`: a file name that would be. */
    message: ({ file, route, problem }: { file: string; route: string; problem: string }) => `${file} would be the address ${route}, which ${problem}`,
    hint: ({ suggestion }: { suggestion: string }) => `Rename it to pages/${suggestion}: letters, digits, dots, dashes and underscores, starting with a letter or digit.`,
  },
  'ignored-file': {
    title: 'A file in pages/ that is not read',
    ...byCase<{ case: 'link'; file: string } | { case: 'uppercase-extension'; file: string; renamed: string } | { case: 'not-yaml'; file: string }>({
      link: { message: ({ file }) => `${file} is a link to another file, and links are not read`, hint: 'Put the file itself here instead of a link to it.' },
      'uppercase-extension': { message: ({ file }) => `${file} is not read: page files end in .yaml, in lowercase`, hint: ({ renamed }) => `Rename it to ${renamed}.` },
      'not-yaml': {
        message: ({ file }) => `${file} is not a page: only .yaml files are read in pages/`,
        hint: 'Move it out of pages/ (images, videos and PDFs go in public/), or delete it.',
      },
    }),
  },
  'missing-site': {
    title: 'The site document is missing',
    message: ({ file }: { file: string }) => `the site document ${file} does not exist`,
    hint: 'Create it: it holds the brand, menu, footer, branches and the external form.',
  },
  'not-utf8': {
    title: 'A file not saved as UTF-8',
    ...byCase<{ case: 'utf-16' } | { case: 'bad-byte'; byte: number }>({
      'utf-16': {
        message: 'the file is saved as UTF-16, not UTF-8',
        hint: 'Save it again as UTF-8 (in VS Code: click "UTF-16" in the status bar → Save with Encoding → UTF-8).',
      },
      'bad-byte': {
        message: ({ byte }) => `the file is not UTF-8 text: the byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} here cannot be read (the page would show � instead of a character)`,
        hint: 'Save the file as UTF-8 (in VS Code: click the encoding in the status bar → Save with Encoding → UTF-8), then check the characters around this point.',
      },
    }),
  },
  'hidden-character': {
    title: 'An invisible character in the text',
    message: ({ char }: { char: string }) =>
      `the text contains ${HIDDEN_NAMES[char] ?? `an invisible control character (U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`}, which would be published as it is`,
    hint: ({ char }: { char: string }) =>
      char === '\ufffd'
        ? 'The text was garbled before it was pasted here: type the character again.'
        : 'Delete it: it usually comes from copying text out of a PDF or a chat. If the file came from another program, save it as UTF-8 text.',
  },
  'file-too-large': {
    title: 'A file too large to be a page',
    message: ({ bytes, maxBytes }: { bytes: number; maxBytes: number }) => `the file is ${kilobytes(bytes)}; a content file may be at most ${maxBytes / 1024} KB`,
    hint: 'Split it into several pages, or check that it is the file you meant to save here.',
  },
  'too-deep': {
    title: 'Nested too deep',
    message: ({ maxDepth }: { maxDepth: number }) => `the document is nested more than ${maxDepth} levels deep here`,
    hint: 'No page needs that many levels: check the indentation and the [ ] and { } brackets.',
  },
} satisfies Record<string, { title: string; note?: string; cases?: readonly string[] } & Wording<never>>;

export type ContentErrorCode = keyof typeof CONTENT_ERRORS;

/** The codes that are warnings, never errors: what `npm run check` and the editor list for a person to decide (src/content/date-warnings.ts). */
export const WARNING_CODES = ['date-check', 'years-figure'] as const satisfies readonly ContentErrorCode[];

export type WarningCode = (typeof WARNING_CODES)[number];

type ParamsOf<Words> = Words extends (params: infer P) => unknown ? P : unknown;

/** The parameters of a code's words: none, or one object (its message's and its hint's together). */
export type ErrorParams<C extends ContentErrorCode> = ParamsOf<(typeof CONTENT_ERRORS)[C]['message']> & ParamsOf<(typeof CONTENT_ERRORS)[C]['hint']>;

type ParamsArgument<C extends ContentErrorCode> = unknown extends ErrorParams<C> ? [] : [params: ErrorParams<C>];

/** The words of an error: `problem('broken-link', { route, suggestion })`. An unknown code or wrong parameters do not compile. */
export function problem<C extends ContentErrorCode>(code: C, ...[params]: ParamsArgument<C>): Problem {
  // One entry's words take that entry's parameters, which `ParamsArgument<C>` has checked.
  const entry = CONTENT_ERRORS[code] as { message: Words<unknown>; hint: Words<unknown> | ((params: unknown) => string | undefined) };
  return { code, message: say(entry.message, params), hint: say(entry.hint, params) };
}

/** An error found by checking a section as the type its misspelt `type` is nearest to. */
export function assumingSectionType(type: string, message: string): string {
  return `if this is a ${type} section: ${message}`;
}
