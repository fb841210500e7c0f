/**
 * The visual editor saves a page by writing its new data into the file's text, changing only what
 * changed: a field is one line in `git diff`, a moved section keeps its lines and comments, and
 * every comment, blank line and quoting style of the rest stays as the author wrote it.
 */
// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isScalar, parse, parseDocument } from 'yaml';
import { applyData } from '../../scripts/authoring/yaml-edit';
import type { Json } from '../../editor/protocol/api';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The lines a change removed and added (a longest-common-subsequence line diff). */
function lineDiff(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  // common[i][j]: the longest common subsequence of a[i..] and b[j..]
  const common = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i]![j] = a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const removed: string[] = [];
  const added: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (j < b.length && (i === a.length || common[i]![j + 1]! >= common[i + 1]![j]!)) {
      added.push(b[j++]!);
    } else {
      removed.push(a[i++]!);
    }
  }
  return { removed, added };
}

type Data = { [key: string]: Json };
type Section = { [key: string]: Json };
type Page = { [key: string]: Json; meta: Data; sections: Section[] };

/** Applies `edit` to the file's data, writes it, and checks that the text reads back as the new data. */
function edited(source: string, edit: (page: Page) => void): { text: string; removed: string[]; added: string[] } {
  const data = parse(source) as Page;
  edit(data);
  const text = applyData(source, data);
  expect(parse(text)).toEqual(data);
  return { text, ...lineDiff(source, text) };
}

const course = read('pages/_templates/course.yaml');
const etabs = read('pages/etabs.yaml');

/** The course template with a comment above its third section and one inside it. */
const commented = course
  .replace('  - type: list\n    title: Highlights\n', '  # The highlights: short, one line each.\n  - type: list\n    title: Highlights\n')
  .replace('      - Second highlight\n', '      - Second highlight\n      # more highlights here\n');

describe('a change writes only the lines it changes', () => {
  it.each([
    {
      name: 'meta.title: that one line',
      source: course,
      edit: (d: Page) => void (d.meta.title = 'Tekla Structures Training in Pune | CESA'),
      removed: ['  title: "{name} Training in Pune | CESA"'],
      // The quotes the template's title needs for its {name} stay, like any style the author chose.
      added: ['  title: "Tekla Structures Training in Pune | CESA"'],
    },
    {
      name: 'one module item: that one line',
      source: course,
      edit: (d: Page) => void (((d.sections[4]!.modules as Section[])[1]!.items as string[])[0] = 'Load combinations'),
      removed: ['          - First topic'],
      added: ['          - Load combinations'],
    },
    {
      name: 'a value with an end-of-line comment: the comment stays',
      source: course,
      edit: (d: Page) => void ((d.meta.course as Data).duration = '60 hours'),
      removed: [`    duration: 45 hours               # the course's duration (hours, or text such as "15, 25 or 45 hours")`],
      added: [`    duration: 60 hours               # the course's duration (hours, or text such as "15, 25 or 45 hours")`],
    },
    {
      name: 'a string "yes": quoted, so that no reader takes it for true',
      source: course,
      edit: (d: Page) => void (d.sections[0]!.title = 'yes'),
      removed: ['    title: "{name}"'],
      added: ['    title: "yes"'],
    },
    {
      name: 'text that starts with * (an alias, written plain): quoted on its line, nothing else re-written',
      source: course,
      edit: (d: Page) => void (d.meta.title = '*New* course'),
      removed: ['  title: "{name} Training in Pune | CESA"'],
      added: ['  title: "*New* course"'],
    },
    {
      name: 'a string that looks like a number: quoted; a number: plain',
      source: course,
      edit: (d: Page) => {
        d.sections[0]!.eyebrow = '123';
        (d.sections[5]!.cards as Section[])[0]!.duration = 30;
      },
      removed: ['    eyebrow: Structural analysis and design', '        duration: 20'],
      added: ['    eyebrow: "123"', '        duration: 30'],
    },
    {
      name: 'a number that becomes text: plain text',
      source: course,
      edit: (d: Page) => void ((d.sections[5]!.cards as Section[])[1]!.duration = '45 hours'),
      removed: ['        duration: 45'],
      added: ['        duration: 45 hours'],
    },
    {
      name: 'text with ": " or " #": quoted',
      source: course,
      edit: (d: Page) => {
        d.sections[0]!.subtitle = 'Note: it works';
        d.sections[0]!.text = 'Room #4 and C# too';
      },
      removed: ['    subtitle: One line that says what the student will be able to do.', '    text: Two or three sentences on what the course covers and who it is for.'],
      added: ['    subtitle: "Note: it works"', '    text: "Room #4 and C# too"'],
    },
    {
      name: 'several lines into a plain scalar: a | block at the right indentation',
      source: course,
      edit: (d: Page) => void (d.sections[0]!.subtitle = 'First line\nSecond line'),
      removed: ['    subtitle: One line that says what the student will be able to do.'],
      added: ['    subtitle: |-', '      First line', '      Second line'],
    },
    {
      name: 'one line of a | block: that line, the block stays a block',
      source: course,
      edit: (d: Page) => void (d.sections[1]!.body = (d.sections[1]!.body as string).replace('if needed', 'when useful')),
      removed: ['      A second paragraph, if needed.'],
      added: ['      A second paragraph, when useful.'],
    },
    {
      name: 'a key added to a flow map: the map stays on its line',
      source: course,
      edit: (d: Page) => void ((d.sections[0]!.actions as Section[])[1]!.title = 'Write to us'),
      removed: ['      - { label: Contact us, href: /contact }'],
      added: ['      - { label: Contact us, href: /contact, title: Write to us }'],
    },
    {
      name: 'a value inside a flow map: in place, quoted when a comma needs it',
      source: course,
      edit: (d: Page) => void ((d.sections[3]!.items as Section[])[1]!.value = 'Classroom, online'),
      removed: ['      - { label: Mode, value: "{mode}" }'],
      added: ['      - { label: Mode, value: "Classroom, online" }'],
    },
    {
      name: 'a keyword added to a flow list: that line, in its style',
      source: course,
      edit: (d: Page) => void (d.meta.keywords as string[]).push('Tekla'),
      removed: ['  keywords: ["{name} course", civil engineering software training, Pune]'],
      added: ['  keywords: ["{name} course", civil engineering software training, Pune, Tekla]'],
    },
    {
      name: 'an action added: like its siblings, a flow map on one line',
      source: course,
      edit: (d: Page) => void (d.sections[0]!.actions as Section[]).push({ label: 'Call us', href: '/contact' }),
      removed: [],
      added: ['      - { label: Call us, href: /contact }'],
    },
    {
      name: 'a key added to a map: after its last entry, at its indentation',
      source: course,
      edit: (d: Page) => void (((d.meta.course as Data).menu as Data).order = 65),
      removed: [],
      added: ['      order: 65'],
    },
    {
      name: 'a nested value added to a section: block style, the file’s indentation',
      source: course,
      // The first section without one, whatever the template's sections hold.
      edit: (d: Page) => void (d.sections.find((section) => !('image' in section))!.image = { src: '/images/heroes/etabs.svg', alt: 'A building' }),
      removed: [],
      added: ['    image:', '      src: /images/heroes/etabs.svg', '      alt: A building'],
    },
    {
      name: 'a key removed: its lines, the comment lines inside it too',
      source: course,
      edit: (d: Page) => void delete (d.meta.course as Data).menu,
      removed: [
        '    menu:                            # where the Our Courses menu lists it (or `menu: false` for nowhere)',
        '      group: structure               # a group of the menu in _site.yaml: drafting, 3d-rendering, structure, project, special, others',
        "      # order: 65                    # its place in the group, lower first (see the other courses' orders); without it, last",
        "      # label: New Course            # the text in the menu; without it, the course's name",
      ],
      added: [],
    },
    {
      name: 'the last item of a list removed: an empty list',
      source: course,
      edit: (d: Page) => void (d.sections[2]!.items = []),
      removed: ['    items:', '      - First highlight', '      - Second highlight'],
      added: ['    items: []'],
    },
    {
      name: 'a text that becomes a list: written in place, as a block',
      source: course,
      edit: (d: Page) => void (d.sections[0]!.subtitle = ['Analysis', 'Design']),
      removed: ['    subtitle: One line that says what the student will be able to do.'],
      added: ['    subtitle:', '      - Analysis', '      - Design'],
    },
    {
      name: 'a word in a folded (>-) paragraph: one line, the others keep their breaks',
      source: etabs,
      edit: (d: Page) => void (d.sections[1]!.body = (d.sections[1]!.body as string).replace('design offices use', 'design offices in Pune use')),
      removed: ['      ETABS is the software most design offices use for the analysis and design of multistorey'],
      added: ['      ETABS is the software most design offices in Pune use for the analysis and design of multistorey'],
    },
    {
      name: 'a word in a plain scalar over several lines: one line',
      source: 'intro:\n  text: A long plain text that the author\n    broke over three lines by hand,\n    as YAML allows.\n',
      edit: (d: Page) => void ((d.intro as Data).text = 'A long plain text that the author broke over three lines by hand, as YAML lets you.'),
      removed: ['    as YAML allows.'],
      added: ['    as YAML lets you.'],
    },
  ] satisfies { name: string; source: string; edit: (d: Page) => void; removed: string[]; added: string[] }[])('$name', ({ source, edit, removed, added }) => {
    const result = edited(source, edit);
    expect({ removed: result.removed, added: result.added }).toEqual({ removed, added });
  });

  describe('a trailing comment lined up with its neighbours', () => {
    const NAME = `    name: New Course                 # the course's name: the page, the menu and the brochure show it`;
    const at = (line: string) => line.indexOf('#');
    const renamed = (name: string) => {
      const { text, removed, added } = edited(course, (d) => void ((d.meta.course as Data).name = name));
      expect(removed).toEqual([NAME]);
      expect(added).toHaveLength(1);
      // Every other byte of the file as it was.
      expect(text).toBe(course.replace(NAME, () => added[0]!));
      return added[0]!;
    };

    it('stays in its column when the value grows or shrinks and still fits', () => {
      expect(renamed('ETABS and SAFE Masterclass')).toBe(`    name: ETABS and SAFE Masterclass # the course's name: the page, the menu and the brochure show it`);
      expect(renamed('CAD')).toBe(`    name: CAD                        # the course's name: the page, the menu and the brochure show it`);
      expect(at(renamed('A much longer name'))).toBe(at(NAME));
    });

    it('comes one space after a value too long for its column', () => {
      expect(renamed('Revit Architecture, Structure and MEP Complete')).toBe(`    name: Revit Architecture, Structure and MEP Complete # the course's name: the page, the menu and the brochure show it`);
    });

    it('stays one space after its value when the author wrote it so', () => {
      const source = 'meta:\n  title: Short # the tab title\n  description: A page.   # aligned\n';
      expect(applyData(source, { meta: { title: 'A longer title', description: 'A page.' } })).toBe(
        'meta:\n  title: A longer title # the tab title\n  description: A page.   # aligned\n',
      );
    });
  });

  it('a section added: only its lines, at the end of sections', () => {
    const { text, removed, added } = edited(course, (d) => void d.sections.push({ type: 'faq', title: 'Questions', items: [{ question: 'When?', answer: 'Every month.' }] }));
    const lines = ['', '  - type: faq', '    title: Questions', '    items:', '      - question: When?', '        answer: Every month.'];
    expect({ removed, added: added.length }).toEqual({ removed: [], added: lines.length });
    expect(text).toBe(course + lines.join('\n') + '\n');
  });

  it('a section deleted: only its lines (and one blank line) go', () => {
    const { removed, added } = edited(commented, (d) => void d.sections.splice(2, 1));
    expect(added).toEqual([]);
    expect(removed).toEqual([
      '  # The highlights: short, one line each.',
      '  - type: list',
      '    title: Highlights',
      '    columns: 2',
      '    items:',
      '      - First highlight',
      '      - Second highlight',
      '      # more highlights here',
      '',
    ]);
  });

  it('section 3 moved to position 1: every line of it (comments too) moves, nothing else changes', () => {
    const { text, removed, added } = edited(commented, (d) => {
      const [third] = d.sections.splice(2, 1);
      d.sections.unshift(third!);
    });
    const block = commented.slice(commented.indexOf('  # The highlights'), commented.indexOf('  - type: facts'));
    expect(text.indexOf(block)).toBe(text.indexOf('sections:\n') + 'sections:\n'.length);
    expect([...removed].sort()).toEqual([...added].sort());
    expect(text.split('\n').sort()).toEqual(commented.split('\n').sort());
  });

  it('a section moved and edited: moved with its comment, then the one line changed', () => {
    const { text, removed, added } = edited(commented, (d) => {
      const [third] = d.sections.splice(2, 1);
      third!.title = 'Why this course';
      d.sections.push(third!);
    });
    expect(text).toContain('  # The highlights: short, one line each.\n  - type: list\n    title: Why this course\n');
    expect(text.trimEnd().endsWith('      # more highlights here')).toBe(true);
    expect(removed.filter((line) => !added.includes(line))).toEqual(['    title: Highlights']);
  });

  it('a Windows (CRLF) file: stays CRLF, one line changes', () => {
    const crlf = course.replace(/\n/g, '\r\n');
    const { text, removed, added } = edited(crlf, (d) => void (d.meta.title = 'New title'));
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    expect({ removed, added }).toEqual({ removed: ['  title: "{name} Training in Pune | CESA"\r'], added: ['  title: "New title"\r'] });
  });

  it('a Windows (CRLF) file: added lines end in CRLF too', () => {
    const crlf = course.replace(/\n/g, '\r\n');
    const { text } = edited(crlf, (d) => void d.sections.push({ type: 'cta', title: 'Call us' }));
    expect(text.endsWith('\r\n  - type: cta\r\n    title: Call us\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
  });
});

describe('odd text typed into a field', () => {
  const source = `# c
meta:
  title: Plain title   # keep
  description: >-
    Folded description
    over lines.
sections:
  - type: prose
    title: 'single'
    body: "double"
  - type: hero
    actions:
      - { label: Contact us, href: /contact }
    subtitle: |
      Line one
      Line two
`;
  const oneLine = ['a: b', 'has # hash', 'a #b', '- leading dash', '"quoted"', "it's", '😀 emoji', 'नमस्कार, मराठी भाषा', 'यह हिंदी है: ठीक', 'x'.repeat(3000), '42', '3.14', '1e3', '0x1F', 'yes', 'No', 'null', '~', 'true', 'trailing  ', '  leading', '', ' ', '@at', '`tick', '%pct', '&amp', '*star', '!bang', '|pipe', '>gt', '{brace}', '[br]', 'a\tb', 'x: y # z', '2024-01-01', '---', '...', '? q', '"', "'", 'a, b', 'x}'];
  // The most lines a one-line value writes there: a literal block keeps its style (`|-` and the line).
  const slots: [string, (page: Page, value: string) => void, number][] = [
    ['a plain value with a comment', (page, value) => void (page.meta.title = value), 1],
    ['a folded block', (page, value) => void (page.meta.description = value), 1],
    ['a single-quoted value', (page, value) => void (page.sections[0]!.title = value), 1],
    ['a double-quoted value', (page, value) => void (page.sections[0]!.body = value), 1],
    ['a value in a flow map', (page, value) => void ((page.sections[1]!.actions as Section[])[0]!.label = value), 1],
    ['a literal block', (page, value) => void (page.sections[1]!.subtitle = value), 2],
  ];

  it.each(slots)('in %s: reads back exactly as typed, every comment kept, only its own lines changed', (_slot, set, most) => {
    for (const value of [...oneLine, 'line one\nline two', 'para one\n\npara two\n', 'ends with spaces  \nnext']) {
      const { text, removed, added } = edited(source, (page) => set(page, value));
      expect(text.match(/# (c|keep)$/gm), JSON.stringify(value)).toHaveLength(2);
      // The other fields' lines are all still there, as they were.
      const untouched = source.split('\n').filter((line) => !removed.includes(line));
      expect(text.split('\n'), JSON.stringify(value)).toEqual(expect.arrayContaining(untouched));
      if (!value.includes('\n')) expect(added.length, JSON.stringify(value)).toBeLessThanOrEqual(most);
    }
  });
});

describe('files of every shape', () => {
  it.each([
    {
      name: 'an empty file',
      source: '',
      next: { meta: { title: 'A' } },
      expected: 'meta:\n  title: A\n',
    },
    {
      name: 'a file of comments only',
      source: '# A new page\n',
      next: { meta: { title: 'A' } },
      expected: '# A new page\nmeta:\n  title: A\n',
    },
    {
      name: 'a file without a final line break',
      source: 'a: 1\nb:\n  - x',
      next: { a: 2, b: ['x', 'z'] },
      expected: 'a: 2\nb:\n  - x\n  - z',
    },
    {
      name: 'an empty value given one',
      source: 'a:\nb: 1\n',
      next: { a: 'text', b: 1 },
      expected: 'a: text\nb: 1\n',
    },
    {
      name: 'lists not indented under their key',
      source: 'a:\n- x: 1\nb: 1\n',
      next: { a: [{ x: 1 }, { x: 2, tags: ['p'] }], b: 1 },
      expected: 'a:\n- x: 1\n- x: 2\n  tags:\n  - p\nb: 1\n',
    },
    {
      name: 'four-space indentation',
      source: 'a:\n    b: 1\n',
      next: { a: { b: 1, c: { d: 2 } } },
      expected: 'a:\n    b: 1\n    c:\n        d: 2\n',
    },
    {
      name: 'a key removed with the comment lines directly above it',
      source: 'meta:\n  title: A\n  # Shown in search results.\n  description: B\n  keywords: [x]\n',
      next: { meta: { title: 'A', keywords: ['x'] } },
      expected: 'meta:\n  title: A\n  keywords: [x]\n',
    },
    {
      name: 'a comment at the start kept when the data empties',
      source: '# Header\na: 1\n',
      next: null,
      expected: '# Header\nnull\n',
    },
    {
      name: 'the first key of a section removed',
      source: 's:\n  - type: list\n    title: A\n',
      next: { s: [{ title: 'A' }] },
      expected: 's:\n  - title: A\n',
    },
    {
      name: 'a text with a comment after it becomes a block: the comment moves to its header',
      source: 'a: 1  # one\nb: 2\n',
      next: { a: 'x\ny', b: 2 },
      expected: 'a: |-  # one\n  x\n  y\nb: 2\n',
    },
    {
      name: 'a map emptied: {}, and the comment on its key line stays',
      source: 'm:  # the menu\n  g: 1\nz: 0\n',
      next: { m: {}, z: 0 },
      expected: 'm: {}  # the menu\nz: 0\n',
    },
    {
      name: 'an anchor shared by an alias (the careful way fails; the document is re-printed)',
      source: 'a: &x 1\nb: *x\n',
      next: { a: 2, b: 1 },
      expected: 'a: &x 2\nb: 1\n',
    },
  ] as { name: string; source: string; next: Json; expected: string }[])('$name', ({ source, next, expected }) => {
    const text = applyData(source, next);
    expect(text).toBe(expected);
    expect(parse(text) as Json).toEqual(next);
  });

  it('a file that is not valid YAML: refused with a plain message', () => {
    expect(() => applyData('a: [1, 2\nb: 1\n', { a: 1 })).toThrow(/not valid YAML.*correct it in a text editor/);
  });
});

describe('every page of the site', () => {
  const pages = readdirSync(path.join(root, 'pages'))
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => `pages/${file}`);

  it.each(pages)('%s: no change writes the same bytes', (file) => {
    const source = read(file);
    expect(applyData(source, parse(source) as Json)).toBe(source);
  });

  it.each(pages)('%s: random single-field edits change only that field’s lines', (file) => {
    const source = read(file);
    const doc = parseDocument(source);
    const leaves = leafPaths(parse(source) as Json);
    const random = seeded(file.length * 7919);
    for (let n = 0; n < 5; n++) {
      const leaf = leaves[Math.floor(random() * leaves.length)]!;
      const node = doc.getIn(leaf, true);
      if (!isScalar(node) || !node.range) throw new Error(`No scalar at ${leaf.join('.')}`);
      const data = parse(source) as Json;
      setIn(data, leaf, changed(node.value as Json));
      const text = applyData(source, data);
      expect(parse(text) as Json).toEqual(data);
      const lines = source.slice(node.range[0], node.range[1]).replace(/\n$/, '').split('\n').length;
      const { removed, added } = lineDiff(source, text);
      expect(removed.length).toBeLessThanOrEqual(lines);
      expect(added.length).toBeLessThanOrEqual(lines + 1);
    }
  });
});

/** A new value for a field: text gets words, numbers grow, switches flip. */
function changed(value: Json): Json {
  if (typeof value === 'string') return `${value} (edited)`;
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  return 'now set';
}

function leafPaths(value: Json, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leafPaths(item, [...at, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...at, key]));
  return [at];
}

function setIn(data: Json, at: (string | number)[], value: Json): void {
  const parent = at.slice(0, -1).reduce<Json>((node, key) => (node as { [key: string]: Json })[key]!, data) as { [key: string]: Json };
  parent[at.at(-1)!] = value;
}

/** A small deterministic generator (mulberry32): the same edits on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
