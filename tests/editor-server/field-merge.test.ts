/**
 * The publish's merge of a YAML page by field: two people changing different fields never conflict
 * (even on adjacent lines, where git's line merge would), the same field changed two ways is a
 * conflict a person decides, and the live file's comments and layout stay.
 */
// @tier slow: merges with git
// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { mergePage } from '../../editor/publish/field-merge';

const BASE = `# The ETABS course page
meta:
  title: ETABS course   # shown in the tab
  description: Learn ETABS
  keywords: [etabs, structural]
sections:
  - type: hero
    title: ETABS
  - type: faq
    items:
      - question: How long?
        answer: Six weeks
      - question: Online?
        answer: Yes
`;

const edit = (text: string, from: string, to: string) => {
  expect(text).toContain(from);
  return text.replace(from, () => to);
};

/** What git's line merge makes of the same three texts: true when it conflicts. */
function gitConflicts(base: string, live: string, draft: string): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'cesa-merge-file-'));
  try {
    for (const [name, text] of Object.entries({ base, live, draft })) writeFileSync(path.join(dir, name), text);
    try {
      execFileSync('git', ['merge-file', '-p', path.join(dir, 'live'), path.join(dir, 'base'), path.join(dir, 'draft')], { stdio: 'pipe' });
      return false;
    } catch {
      return true;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('merging a page by field', () => {
  it('merges different fields on adjacent lines, which git’s line merge cannot', () => {
    const live = edit(BASE, 'title: ETABS course ', 'title: ETABS training');
    const draft = edit(BASE, 'description: Learn ETABS', 'description: Learn ETABS in six weeks');
    expect(gitConflicts(BASE, live, draft)).toBe(true);
    const merged = mergePage(BASE, live, draft);
    expect(merged.conflicts).toEqual([]);
    const data = parse(merged.text!) as { meta: { title: string; description: string } };
    expect(data.meta.title).toBe('ETABS training');
    expect(data.meta.description).toBe('Learn ETABS in six weeks');
  });

  it('keeps the live file’s comments and layout', () => {
    const live = edit(BASE, 'keywords: [etabs, structural]', 'keywords: [etabs, structural, design]');
    const draft = edit(BASE, '    title: ETABS\n', '    title: ETABS for engineers\n');
    const merged = mergePage(BASE, live, draft);
    expect(merged.text).toBe(edit(live, '    title: ETABS\n', '    title: ETABS for engineers\n'));
    expect(merged.text).toContain('# The ETABS course page');
    expect(merged.text).toContain('title: ETABS course   # shown in the tab');
  });

  it('reports the same field changed two ways, with the three values, and merges once a person decides', () => {
    const live = edit(BASE, 'title: ETABS course ', 'title: ETABS by Asha ');
    const draft = edit(edit(BASE, 'title: ETABS course ', 'title: ETABS by Ravi '), 'answer: Six weeks', 'answer: Eight weeks');
    const open = mergePage(BASE, live, draft);
    expect(open.conflicts).toEqual([{ path: ['meta', 'title'], where: 'meta.title', base: 'ETABS course', live: 'ETABS by Asha', draft: 'ETABS by Ravi' }]);

    for (const side of ['live', 'draft'] as const) {
      const decided = mergePage(BASE, live, draft, (conflict) => (conflict.where === 'meta.title' ? side : undefined));
      expect(decided.conflicts).toEqual([]);
      const data = parse(decided.text!) as { meta: { title: string }; sections: [unknown, { items: { answer: string }[] }] };
      expect(data.meta.title).toBe(side === 'live' ? 'ETABS by Asha' : 'ETABS by Ravi');
      // The draft's other change is merged whichever value was chosen.
      expect(data.sections[1].items[0]!.answer).toBe('Eight weeks');
    }
  });

  it('merges list entries: different entries changed, and an entry added at the end beside a change', () => {
    const live = edit(BASE, 'answer: Six weeks', 'answer: Six weeks, evenings');
    const draft = edit(BASE, 'answer: Yes', 'answer: Yes, and in the classroom');
    const changed = mergePage(BASE, live, draft);
    expect(changed.conflicts).toEqual([]);
    expect((parse(changed.text!) as { sections: [unknown, { items: { answer: string }[] }] }).sections[1].items.map((item) => item.answer)).toEqual([
      'Six weeks, evenings',
      'Yes, and in the classroom',
    ]);

    const added = `${draft}      - question: Certificate?\n        answer: Yes\n`;
    const withEntry = mergePage(BASE, live, added);
    expect(withEntry.conflicts).toEqual([]);
    expect((parse(withEntry.text!) as { sections: [unknown, { items: { question: string; answer: string }[] }] }).sections[1].items).toEqual([
      { question: 'How long?', answer: 'Six weeks, evenings' },
      { question: 'Online?', answer: 'Yes, and in the classroom' },
      { question: 'Certificate?', answer: 'Yes' },
    ]);
  });

  it('makes an entry removed on one side and changed on the other a decision on that entry: removed, or kept where it was', () => {
    const live = edit(BASE, '      - question: Online?\n        answer: Yes\n', '');
    const draft = edit(BASE, 'answer: Yes', 'answer: No');
    const open = mergePage(BASE, live, draft);
    expect(open.conflicts).toEqual([
      { path: ['sections', 1, 'items', 1], where: 'sections[1].items[1]', base: { question: 'Online?', answer: 'Yes' }, live: undefined, draft: { question: 'Online?', answer: 'No' } },
    ]);
    expect(mergePage(BASE, live, draft, () => 'live').text).toBe(live);
    expect(mergePage(BASE, live, draft, () => 'draft').text).toBe(draft);
  });

  it('takes a side’s text byte for byte when only that side changed, and a page removed and changed is one decision', () => {
    const draft = edit(BASE, 'Learn ETABS', 'Learn   ETABS');
    expect(mergePage(BASE, BASE, draft).text).toBe(draft);
    expect(mergePage(BASE, draft, BASE).text).toBe(draft);
    const removed = mergePage(BASE, undefined, draft);
    expect(removed.conflicts.map((found) => [found.where, found.live])).toEqual([['', undefined]]);
    expect(mergePage(BASE, undefined, draft, () => 'draft').text).toBe(draft);
    expect(mergePage(BASE, undefined, draft, () => 'live').text).toBeUndefined();
  });

  it('merges the project’s own page templates the same way', () => {
    const template = readFileSync(path.resolve(import.meta.dirname, '../../pages/_templates/course.yaml'), 'utf8');
    const data = parse(template) as { meta: { title: string; description: string } };
    // The title is quoted in the file (it starts with {name}): found as written.
    const live = edit(template, `title: ${JSON.stringify(data.meta.title)}`, 'title: Changed on live');
    const draft = edit(template, `description: ${data.meta.description}`, 'description: Changed in the draft');
    const merged = mergePage(template, live, draft);
    expect(merged.conflicts).toEqual([]);
    expect(merged.text).toBe(edit(live, `description: ${data.meta.description}`, 'description: Changed in the draft'));
  });
});

/** A placement page's FAQ, as pages/placement.yaml writes it: each entry { question, answer }. */
const faq = (...items: [question: string, answer: string][]) => `meta:
  title: Placement at CESA
sections:
  - type: faq
    title: Placement questions
    items:
${items.map(([question, answer]) => `      - question: ${question}\n        answer: ${answer}\n`).join('')}`;

/** A course's fees, as a facts section of { label, value } rows. */
const fees = (...rows: [label: string, value: string][]) => `meta:
  title: ETABS course
sections:
  - type: facts
    title: Fees
    items:
${rows.map(([label, value]) => `      - { label: ${label}, value: "${value}" }\n`).join('')}`;

/** A course's syllabus: modules, each with a title and its topics. */
const modules = (...list: [title: string, topics: string[]][]) => `meta:
  title: ETABS course
sections:
  - type: modules
    title: Course content
    modules:
${list.map(([title, topics]) => `      - title: ${title}\n        items:\n${topics.map((topic) => `          - ${topic}\n`).join('')}`).join('')}`;

/** A page's keywords: a list of words, each itself. */
const keywords = (...words: string[]) => `meta:
  title: ETABS course
  keywords: [${words.join(', ')}]
sections: []
`;

/** A table's rows: lists of cells, which nothing names. */
const table = (...rows: string[][]) => `meta:
  title: Important dates
sections:
  - type: table
    caption: GATE 2026 dates
    columns: [Event, Date]
    rows:
${rows.map((row) => `      - [${row.join(', ')}]\n`).join('')}`;

/** A page's sections, each named by its type and title. */
const sections = (...list: [type: string, title: string, text: string][]) => `meta:
  title: About CESA
sections:
${list.map(([type, title, text]) => `  - type: ${type}\n    title: ${title}\n    ${type === 'list' ? 'items' : 'body'}: ${type === 'list' ? `[${text}]` : text}\n`).join('')}`;

const Q1: [string, string] = ['Is placement guaranteed?', 'We help every student until placed.'];
const Q2: [string, string] = ['Which companies visit?', 'Design offices in Pune.'];
const Q3: [string, string] = ['Is there a fee for placement?', 'Yes.'];
const Q4: [string, string] = ['Do you help with CVs?', 'Yes, in the last week.'];
const Q5: [string, string] = ['Are interviews online?', 'Some of them.'];
const asEntry = ([question, answer]: [string, string]) => ({ question, answer });

const BASIC: [string, string] = ['ETABS Basic', '₹ 12,000'];
const ADVANCE: [string, string] = ['ETABS Advance + SAFE', '₹ 18,000'];
const PROGRAMME: [string, string] = ['Structural Designing Programme', '₹ 30,000'];
const asFee = ([label, value]: [string, string]) => ({ label, value });

interface ListCase {
  name: string;
  base: string;
  live: string;
  draft: string;
  /** Where the list is in the page. */
  at: (string | number)[];
  /** The list once merged, with nothing to decide. */
  merged?: unknown;
  /** Or what the publisher is asked to decide: where, and both sides' values. */
  conflicts?: { where: string; live: unknown; draft: unknown }[];
}

const ITEMS = ['sections', 0, 'items'];

const LIST_CASES: ListCase[] = [
  {
    name: 'live removed the first question, the draft changed the second’s answer: the answer stays with its question',
    base: faq(Q1, Q2, Q3),
    live: faq(Q2, Q3),
    draft: faq(Q1, [Q2[0], 'Design offices in Pune and Mumbai.'], Q3),
    at: ITEMS,
    merged: [{ question: Q2[0], answer: 'Design offices in Pune and Mumbai.' }, asEntry(Q3)],
  },
  {
    name: 'live removed the first question and added one at the end, the draft changed the second’s answer: no other question gets it',
    base: faq(Q1, Q2, Q3),
    live: faq(Q2, Q3, Q4),
    draft: faq(Q1, Q2, [Q3[0], 'No, placement is free.']),
    at: ITEMS,
    merged: [asEntry(Q2), { question: Q3[0], answer: 'No, placement is free.' }, asEntry(Q4)],
  },
  {
    name: 'live reordered the fees, the draft changed one fee: the change lands on its package',
    base: fees(BASIC, ADVANCE, PROGRAMME),
    live: fees(PROGRAMME, BASIC, ADVANCE),
    draft: fees(BASIC, [ADVANCE[0], '₹ 19,500'], PROGRAMME),
    at: ITEMS,
    merged: [asFee(PROGRAMME), asFee(BASIC), { label: ADVANCE[0], value: '₹ 19,500' }],
  },
  {
    name: 'the draft reordered the fees, live changed one fee: the order and the change both kept',
    base: fees(BASIC, ADVANCE, PROGRAMME),
    live: fees(BASIC, ADVANCE, [PROGRAMME[0], '₹ 32,000']),
    draft: fees(PROGRAMME, ADVANCE, BASIC),
    at: ITEMS,
    merged: [{ label: PROGRAMME[0], value: '₹ 32,000' }, asFee(ADVANCE), asFee(BASIC)],
  },
  {
    name: 'live replaced a question at the same place, the draft edited the old one: the whole list, side by side',
    base: faq(Q1, Q2, Q3),
    live: faq(Q1, Q4, Q3),
    draft: faq(Q1, [Q2[0], 'Design offices in Pune and Mumbai.'], Q3),
    at: ITEMS,
    conflicts: [
      {
        where: 'sections[0].items',
        live: [Q1, Q4, Q3].map(asEntry),
        draft: [asEntry(Q1), { question: Q2[0], answer: 'Design offices in Pune and Mumbai.' }, asEntry(Q3)],
      },
    ],
  },
  {
    name: 'live removed a question the draft edited (nothing added): a decision on that question',
    base: faq(Q1, Q2, Q3),
    live: faq(Q1, Q3),
    draft: faq(Q1, [Q2[0], 'Design offices in Pune and Mumbai.'], Q3),
    at: ITEMS,
    conflicts: [{ where: 'sections[0].items[1]', live: undefined, draft: { question: Q2[0], answer: 'Design offices in Pune and Mumbai.' } }],
  },
  {
    name: 'both changed the same answer after live removed the first question: the conflict names the entry where it is live',
    base: faq(Q1, Q2, Q3),
    live: faq([Q2[0], 'Offices in Mumbai.'], Q3),
    draft: faq(Q1, [Q2[0], 'Offices in Pune.'], Q3),
    at: ITEMS,
    conflicts: [{ where: 'sections[0].items[0].answer', live: 'Offices in Mumbai.', draft: 'Offices in Pune.' }],
  },
  {
    name: 'both added a question at the end: both kept, live’s first',
    base: faq(Q1, Q2),
    live: faq(Q1, Q2, Q4),
    draft: faq(Q1, Q2, Q5),
    at: ITEMS,
    merged: [Q1, Q2, Q4, Q5].map(asEntry),
  },
  {
    name: 'both added questions after the same one, and the draft one at the start: each after the entry it follows',
    base: faq(Q1, Q2),
    live: faq(Q1, Q4, Q2),
    draft: faq(Q3, Q1, Q5, Q2),
    at: ITEMS,
    merged: [Q3, Q1, Q4, Q5, Q2].map(asEntry),
  },
  {
    name: 'both added the same question with different answers: a decision on the answer',
    base: faq(Q1),
    live: faq(Q1, [Q4[0], 'Yes.']),
    draft: faq(Q1, [Q4[0], 'Yes, with a template.']),
    at: ITEMS,
    conflicts: [{ where: 'sections[0].items[1].answer', live: 'Yes.', draft: 'Yes, with a template.' }],
  },
  {
    name: 'both reordered the questions, differently: the whole list, side by side',
    base: faq(Q1, Q2, Q3),
    live: faq(Q3, Q1, Q2),
    draft: faq(Q2, Q1, [Q3[0], 'No.']),
    at: ITEMS,
    conflicts: [{ where: 'sections[0].items', live: [Q3, Q1, Q2].map(asEntry), draft: [asEntry(Q2), asEntry(Q1), { question: Q3[0], answer: 'No.' }] }],
  },
  {
    name: 'both reordered the questions the same way, each changed an answer: merged',
    base: faq(Q1, Q2, Q3),
    live: faq(Q3, [Q1[0], 'Yes.'], Q2),
    draft: faq(Q3, Q1, [Q2[0], 'Pune and Mumbai.']),
    at: ITEMS,
    merged: [asEntry(Q3), { question: Q1[0], answer: 'Yes.' }, { question: Q2[0], answer: 'Pune and Mumbai.' }],
  },
  {
    name: 'a question twice with the same answer (pasted twice), one copy removed live, one edited in the draft: the whole list',
    base: faq(Q1, Q2, Q2),
    live: faq(Q1, Q2, Q4),
    draft: faq(Q1, Q2, [Q2[0], 'Pune.']),
    at: ITEMS,
    conflicts: [{ where: 'sections[0].items', live: [Q1, Q2, Q4].map(asEntry), draft: [asEntry(Q1), asEntry(Q2), { question: Q2[0], answer: 'Pune.' }] }],
  },
  {
    name: 'a keyword twice, each side replaced a different copy: the whole list',
    base: keywords('etabs', 'training', 'etabs'),
    live: keywords('pune', 'training', 'etabs'),
    draft: keywords('etabs', 'training', 'course'),
    at: ['meta', 'keywords'],
    conflicts: [{ where: 'meta.keywords', live: ['pune', 'training', 'etabs'], draft: ['etabs', 'training', 'course'] }],
  },
  {
    name: 'keywords added and removed on both sides: each word is itself',
    base: keywords('etabs', 'structural', 'pune'),
    live: keywords('etabs', 'pune', 'design'),
    draft: keywords('etabs', 'structural', 'training'),
    at: ['meta', 'keywords'],
    merged: ['etabs', 'design', 'training'],
  },
  {
    name: 'a keyword reworded in the draft, removed live while live added one: nobody can tell what replaced what, the whole list',
    base: keywords('etabs', 'structural', 'pune'),
    live: keywords('etabs', 'pune', 'design'),
    draft: keywords('etabs', 'structure', 'pune'),
    at: ['meta', 'keywords'],
    conflicts: [{ where: 'meta.keywords', live: ['etabs', 'pune', 'design'], draft: ['etabs', 'structure', 'pune'] }],
  },
  {
    name: 'live moved a module and added a topic, the draft changed a topic elsewhere and added one beside live’s',
    base: modules(['Getting started', ['Interface', 'Grids']], ['Modelling', ['Beams', 'Shear walls']], ['Loading', ['Wind loads']]),
    live: modules(['Getting started', ['Interface', 'Grids', 'Units']], ['Loading', ['Wind loads']], ['Modelling', ['Beams', 'Shear walls']]),
    draft: modules(['Getting started', ['Interface', 'Grids', 'Materials']], ['Modelling', ['Beams', 'Shear walls and openings']], ['Loading', ['Wind loads']]),
    at: ['sections', 0, 'modules'],
    merged: [
      { title: 'Getting started', items: ['Interface', 'Grids', 'Units', 'Materials'] },
      { title: 'Loading', items: ['Wind loads'] },
      { title: 'Modelling', items: ['Beams', 'Shear walls and openings'] },
    ],
  },
  {
    name: 'table rows (named by nothing but their cells) changed in different rows: merged',
    base: table(['Registration opens', '28 August'], ['Registration closes', '25 September']),
    live: table(['Registration opens', '30 August'], ['Registration closes', '25 September']),
    draft: table(['Registration opens', '28 August'], ['Registration closes', '9 October']),
    at: ['sections', 0, 'rows'],
    merged: [
      ['Registration opens', '30 August'],
      ['Registration closes', '9 October'],
    ],
  },
  {
    name: 'the same table row changed on both sides: the whole table, never cell by cell by place',
    base: table(['Registration opens', '28 August'], ['Registration closes', '25 September']),
    live: table(['Registration opens', '30 August'], ['Registration closes', '25 September']),
    draft: table(['Registration starts', '28 August'], ['Registration closes', '25 September']),
    at: ['sections', 0, 'rows'],
    conflicts: [
      {
        where: 'sections[0].rows',
        live: [
          ['Registration opens', '30 August'],
          ['Registration closes', '25 September'],
        ],
        draft: [
          ['Registration starts', '28 August'],
          ['Registration closes', '25 September'],
        ],
      },
    ],
  },
  {
    name: 'live moved a section, the draft edited it: sections are named by type and title',
    base: sections(['prose', 'Overview', 'CESA teaches design software.'], ['list', 'Why CESA', 'Small batches, Live projects'], ['prose', 'History', 'Since 2008.']),
    live: sections(['prose', 'History', 'Since 2008.'], ['prose', 'Overview', 'CESA teaches design software.'], ['list', 'Why CESA', 'Small batches, Live projects']),
    draft: sections(['prose', 'Overview', 'CESA teaches design software.'], ['list', 'Why CESA', 'Small batches, Live projects, Placement help'], ['prose', 'History', 'Founded in 2008.']),
    at: ['sections'],
    merged: [
      { type: 'prose', title: 'History', body: 'Founded in 2008.' },
      { type: 'prose', title: 'Overview', body: 'CESA teaches design software.' },
      { type: 'list', title: 'Why CESA', items: ['Small batches', 'Live projects', 'Placement help'] },
    ],
  },
  {
    name: 'both retitled the page’s one hero, and live moved it: a section the page has once is its type, a decision on the title',
    base: sections(['hero', 'CESA', 'Civil engineering software, taught in Pune.'], ['prose', 'Overview', 'CESA teaches design software.']),
    live: sections(['prose', 'Overview', 'CESA teaches design software.'], ['hero', 'CESA Pune', 'Civil engineering software, taught in Pune.']),
    draft: sections(['hero', 'CESA, Pune', 'Civil engineering software, taught in Pune and online.'], ['prose', 'Overview', 'CESA teaches design software.']),
    at: ['sections'],
    conflicts: [{ where: 'sections[1].title', live: 'CESA Pune', draft: 'CESA, Pune' }],
  },
  {
    name: 'both retitled the same one of two prose sections: named by title, so nobody can tell, the whole list',
    base: sections(['prose', 'Overview', 'CESA teaches design software.'], ['prose', 'History', 'Since 2008.']),
    live: sections(['prose', 'Overview', 'CESA teaches design software.'], ['prose', 'Our history', 'Since 2008.']),
    draft: sections(['prose', 'Overview', 'CESA teaches design software.'], ['prose', 'The story', 'Since 2008.']),
    at: ['sections'],
    conflicts: [
      {
        where: 'sections',
        live: [
          { type: 'prose', title: 'Overview', body: 'CESA teaches design software.' },
          { type: 'prose', title: 'Our history', body: 'Since 2008.' },
        ],
        draft: [
          { type: 'prose', title: 'Overview', body: 'CESA teaches design software.' },
          { type: 'prose', title: 'The story', body: 'Since 2008.' },
        ],
      },
    ],
  },
];

function valueAt(data: unknown, at: (string | number)[]): unknown {
  return at.reduce<unknown>((value, part) => (value as Record<string | number, unknown>)[part], data);
}

describe('merging lists by who their entries are, never by where they are', () => {
  it.each(LIST_CASES)('$name', ({ base, live, draft, at, merged, conflicts }) => {
    const result = mergePage(base, live, draft);
    expect(result.conflicts.map((found) => ({ where: found.where, live: found.live, draft: found.draft }))).toEqual(conflicts ?? []);
    if (merged !== undefined) expect(valueAt(parse(result.text!), at)).toEqual(merged);
  });

  it('decides an entry removed live and edited in the draft: kept where the draft has it, or removed', () => {
    const base = faq(Q1, Q2, Q3);
    const live = faq(Q1, Q3, Q4);
    const draft = faq(Q1, [Q2[0], 'Pune and Mumbai.'], Q3);
    // Live also added Q4 at the end: that makes it a possible replacement, so the whole list.
    expect(mergePage(base, live, draft).conflicts.map((found) => found.where)).toEqual(['sections[0].items']);
    const removedOnly = faq(Q1, Q3);
    const kept = mergePage(base, removedOnly, draft, () => 'draft');
    expect(kept.conflicts).toEqual([]);
    expect(kept.text).toBe(draft);
    const removed = mergePage(base, removedOnly, draft, () => 'live');
    expect(removed.text).toBe(removedOnly);
  });

  it('decides a whole list with the chosen side’s list, and asks the same question however often it is merged', () => {
    const base = faq(Q1, Q2, Q3);
    const live = faq(Q1, Q4, Q3);
    const draft = faq(Q1, [Q2[0], 'Pune and Mumbai.'], Q3);
    const first = mergePage(base, live, draft);
    expect(mergePage(base, live, draft).conflicts).toEqual(first.conflicts);
    expect(mergePage(base, live, draft, () => 'draft').text).toBe(draft);
    expect(mergePage(base, live, draft, () => 'live').text).toBe(live);
  });

  it('writes a merged list into live’s text: its comments and the entries’ own lines stay', () => {
    const base = `${fees(BASIC, ADVANCE, PROGRAMME)}`.replace('    items:\n', '    items:\n      # Fees before GST\n');
    const live = edit(base, `      - { label: ${PROGRAMME[0]}, value: "${PROGRAMME[1]}" }\n`, '').replace('# Fees before GST\n', () => `# Fees before GST\n      - { label: ${PROGRAMME[0]}, value: "${PROGRAMME[1]}" }   # the full programme\n`);
    const draft = edit(base, ADVANCE[1], '₹ 19,500');
    const merged = mergePage(base, live, draft);
    expect(merged.conflicts).toEqual([]);
    expect(merged.text).toBe(edit(live, ADVANCE[1], '₹ 19,500'));
  });
});
