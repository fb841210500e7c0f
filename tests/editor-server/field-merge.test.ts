/**
 * The publish's merge of a YAML page by field: two people changing different fields never conflict
 * (even on adjacent lines, where git's line merge would), the same field changed two ways is a
 * conflict a person decides, and the live file's comments and layout stay.
 */
// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { mergePage } from '../../scripts/editor-server/hosted/publish/field-merge';

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
      - q: How long?
        a: Six weeks
      - q: Online?
        a: Yes
`;

const edit = (text: string, from: string, to: string) => {
  expect(text).toContain(from);
  return text.replace(from, to);
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
    const draft = edit(edit(BASE, 'title: ETABS course ', 'title: ETABS by Ravi '), 'a: Six weeks', 'a: Eight weeks');
    const open = mergePage(BASE, live, draft);
    expect(open.conflicts).toEqual([{ path: ['meta', 'title'], where: 'meta.title', base: 'ETABS course', live: 'ETABS by Asha', draft: 'ETABS by Ravi' }]);

    for (const side of ['live', 'draft'] as const) {
      const decided = mergePage(BASE, live, draft, (conflict) => (conflict.where === 'meta.title' ? side : undefined));
      expect(decided.conflicts).toEqual([]);
      const data = parse(decided.text!) as { meta: { title: string }; sections: [unknown, { items: { a: string }[] }] };
      expect(data.meta.title).toBe(side === 'live' ? 'ETABS by Asha' : 'ETABS by Ravi');
      // The draft's other change is merged whichever value was chosen.
      expect(data.sections[1].items[0]!.a).toBe('Eight weeks');
    }
  });

  it('merges list entries: different entries changed, and an entry added at the end beside a change', () => {
    const live = edit(BASE, 'a: Six weeks', 'a: Six weeks, evenings');
    const draft = edit(BASE, 'a: Yes', 'a: Yes, and in the classroom');
    const changed = mergePage(BASE, live, draft);
    expect(changed.conflicts).toEqual([]);
    expect((parse(changed.text!) as { sections: [unknown, { items: { a: string }[] }] }).sections[1].items.map((item) => item.a)).toEqual([
      'Six weeks, evenings',
      'Yes, and in the classroom',
    ]);

    const added = `${draft}      - q: Certificate?\n        a: Yes\n`;
    const withEntry = mergePage(BASE, live, added);
    expect(withEntry.conflicts).toEqual([]);
    expect((parse(withEntry.text!) as { sections: [unknown, { items: { q: string; a: string }[] }] }).sections[1].items).toEqual([
      { q: 'How long?', a: 'Six weeks, evenings' },
      { q: 'Online?', a: 'Yes, and in the classroom' },
      { q: 'Certificate?', a: 'Yes' },
    ]);
  });

  it('makes entries removed on one side and changed on the other one decision on the whole list', () => {
    const live = edit(BASE, '      - q: Online?\n        a: Yes\n', '');
    const draft = edit(BASE, 'a: Yes', 'a: No');
    const merged = mergePage(BASE, live, draft);
    expect(merged.conflicts.map((found) => found.where)).toEqual(['sections[1].items']);
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
    const live = edit(template, `title: ${data.meta.title}`, 'title: Changed on live');
    const draft = edit(template, `description: ${data.meta.description}`, 'description: Changed in the draft');
    const merged = mergePage(template, live, draft);
    expect(merged.conflicts).toEqual([]);
    expect(merged.text).toBe(edit(live, `description: ${data.meta.description}`, 'description: Changed in the draft'));
  });
});
