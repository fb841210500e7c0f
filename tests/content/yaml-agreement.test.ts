/**
 * The site's YAML is read by two parsers: js-yaml (CORE_SCHEMA) on the build's fast path for valid
 * files and in the hosting configuration, `yaml` (YAML 1.2) where positions are needed (every error
 * located, the editor, `npm run new`). They must read the content the same, or a page would publish
 * one value and show the editor another. js-yaml's core schema departs from YAML 1.2's in a few
 * plain scalars (binary and signed hex/octal integers, a signed float with no digit before the
 * point, minus zero): here every value of every page, template and section example is read by both
 * and compared, and each of the tricky YAML 1.1/1.2 forms is either read alike, as YAML 1.2's core
 * schema says (spec 1.2.2, 10.3.2), or caught by that comparison. A file holding one of those forms
 * takes the loader's slow path (src/content/validate.ts, PARSERS_DISAGREE), so it publishes what the
 * editor shows: the last part holds that.
 */
// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { validateYaml } from '../../src/content/validate';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every YAML file of the site's content: pages (templates and sub-folders included) and each section type's example. */
function contentFiles(): string[] {
  const pages = readdirSync(path.join(ROOT, 'pages'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => path.join('pages', file));
  const examples = readdirSync(path.join(ROOT, 'src/sections'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join('src/sections', entry.name, 'example.yaml'))
    .filter((file) => readdirSync(path.join(ROOT, path.dirname(file))).includes('example.yaml'));
  return [...pages, ...examples].map((file) => file.split(path.sep).join('/')).sort();
}

interface Difference {
  path: string;
  jsYaml: string;
  yaml: string;
}

/** A value as a test's message shows it, -0 and NaN told apart from 0 and null. */
const shown = (value: unknown): string =>
  typeof value === 'number' ? (Object.is(value, -0) ? '-0' : String(value)) : value === undefined ? 'nothing' : JSON.stringify(value);

/** Where two readings of one document differ, scalar by scalar (numbers by Object.is: -0 is not 0, NaN is NaN). */
function differences(jsYaml: unknown, yaml: unknown, at = ''): Difference[] {
  if (Array.isArray(jsYaml) && Array.isArray(yaml)) {
    const length = Math.max(jsYaml.length, yaml.length);
    return Array.from({ length }, (_, index) => differences(jsYaml[index], yaml[index], `${at}[${index}]`)).flat();
  }
  const isMap = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (isMap(jsYaml) && isMap(yaml)) {
    const keys = [...new Set([...Object.keys(jsYaml), ...Object.keys(yaml)])];
    return keys.flatMap((key) => differences(jsYaml[key], yaml[key], at ? `${at}.${key}` : key));
  }
  return Object.is(jsYaml, yaml) ? [] : [{ path: at || '(document)', jsYaml: shown(jsYaml), yaml: shown(yaml) }];
}

/** Both parsers' readings of a document, as the build (validate.ts) and the editor (locate.ts, page-files.ts) read it. */
function readBoth(source: string): { jsYaml: unknown; yaml: unknown } {
  return { jsYaml: load(source, { schema: CORE_SCHEMA }), yaml: parse(source, { uniqueKeys: true, prettyErrors: false }) };
}

/** How many scalars a value holds. */
function scalarsIn(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + scalarsIn(item), 0);
  if (typeof value === 'object' && value !== null) return Object.values(value).reduce((sum: number, item) => sum + scalarsIn(item), 0);
  return 1;
}

describe('the two YAML parsers', () => {
  it('read every value of every page, template and section example the same', () => {
    const files = contentFiles();
    expect(files).toContain('pages/_site.yaml');
    expect(files).toContain('pages/_templates/course.yaml');
    expect(files).toContain('src/sections/hero/example.yaml');
    let scalars = 0;
    const differing: string[] = [];
    for (const file of files) {
      const { jsYaml, yaml } = readBoth(readFileSync(path.join(ROOT, file), 'utf8'));
      scalars += scalarsIn(yaml);
      for (const difference of differences(jsYaml, yaml)) differing.push(`${file}: ${difference.path}: js-yaml reads ${difference.jsYaml}, yaml reads ${difference.yaml}`);
    }
    expect(differing).toEqual([]);
    // Every page has a title, a description and sections: far more values than files.
    expect(scalars).toBeGreaterThan(files.length * 5);
  });

  /**
   * Plain scalars and what YAML 1.2's core schema makes of them: null (null, Null, NULL, ~, nothing),
   * booleans (true/false in three spellings, nothing else: no yes/no/on/off, which were YAML 1.1's),
   * integers (decimal with an optional sign, 0o octal and 0x hex without one: no 0b binary, no
   * underscores, a leading 0 is decimal), floats (an optional sign, digits and/or a point, an
   * exponent; .inf, .nan) and text for everything else (dates and times too: the core schema has no
   * timestamp). Quoted, every one is text.
   */
  const YAML_1_2: [written: string, value: unknown][] = [
    ['~', null], ['null', null], ['Null', null], ['NULL', null], ['', null],
    ['true', true], ['True', true], ['TRUE', true], ['false', false], ['False', false], ['FALSE', false],
    ['tRUE', 'tRUE'], ['yes', 'yes'], ['no', 'no'], ['on', 'on'], ['off', 'off'], ['y', 'y'], ['n', 'n'], ['Yes', 'Yes'], ['OFF', 'OFF'],
    ['0', 0], ['+0', 0], ['12', 12], ['+12', 12], ['-12', -12], ['017', 17], ['00', 0], ['0o17', 15], ['0x1F', 31], ['0x1f', 31],
    ['0B101', '0B101'], ['0O17', '0O17'], ['0X1F', '0X1F'], ['0b2', '0b2'], ['0o8', '0o8'], ['0xG', '0xG'],
    ['1_000', '1_000'], ['1_0.5', '1_0.5'], ['1,000', '1,000'], ['11350', 11350],
    ['3.14', 3.14], ['.5', 0.5], ['1.', 1], ['-1.', -1], ['0.0', 0], ['1e3', 1000], ['1E3', 1000], ['+1e3', 1000], ['6.02e+23', 6.02e23], ['.5e3', 500], ['1e', '1e'],
    ['.inf', Infinity], ['.Inf', Infinity], ['.INF', Infinity], ['+.inf', Infinity], ['-.inf', -Infinity], ['.nan', NaN], ['.NaN', NaN], ['.NAN', NaN],
    ['inf', 'inf'], ['nan', 'nan'], ['.Nan', '.Nan'], ['+.nan', '+.nan'],
    ['2024-01-05', '2024-01-05'], ['2024-01-05T10:00:00Z', '2024-01-05T10:00:00Z'], ['2024-01-05 10:00:00', '2024-01-05 10:00:00'], ['12:30', '12:30'], ['1:20:30', '1:20:30'],
    ['0b101', '0b101'], ['-0b1', '-0b1'], ['+0x1F', '+0x1F'], ['-0x1', '-0x1'], ['-0o7', '-0o7'], ['+.5', 0.5], ['-.5', -0.5], ['-0', -0], ['-0.0', -0],
    ['"0b101"', '0b101'], ["'+.5'", '+.5'], ['"yes"', 'yes'], ["'~'", '~'], ['"2024-01-05"', '2024-01-05'], ['"017"', '017'],
  ];

  it.each(YAML_1_2)('read %s alike, as YAML 1.2 says, or the comparison of the content catches it', (written, value) => {
    const { jsYaml, yaml } = readBoth(`value: ${written}\n`);
    expect((yaml as { value: unknown }).value).toStrictEqual(value);
    const found = differences(jsYaml, yaml);
    // Read alike: nothing to catch. Read otherwise by js-yaml: the comparison above names the value, so no content may hold it.
    if (Object.is((jsYaml as { value: unknown }).value, value)) expect(found).toEqual([]);
    else expect(found).toEqual([{ path: 'value', jsYaml: shown((jsYaml as { value: unknown }).value), yaml: shown(value) }]);
  });

  it('catch a differing value wherever it stands in a page: in a list, in a map, in a flow mapping', () => {
    const page = 'meta:\n  title: T\nsections:\n  - type: stats\n    items:\n      - { value: 0b101, label: Students }\n  - type: table\n    rows:\n      - [+.5, ok]\n';
    const { jsYaml, yaml } = readBoth(page);
    expect(differences(jsYaml, yaml).map((difference) => difference.path)).toEqual(['sections[0].items[0].value', 'sections[1].rows[0][0]']);
  });
});

describe('the loader publishes what the editor shows, where the parsers disagree', () => {
  const Anything = z.record(z.string(), z.unknown());
  // Each form js-yaml reads otherwise than YAML 1.2, as a value, in a list and in a flow mapping.
  const DISAGREEING: [string, unknown][] = [['0b101', '0b101'], ['-0b1', '-0b1'], ['+0x1F', '+0x1F'], ['-0x1', '-0x1'], ['-0o7', '-0o7'], ['+.5', 0.5], ['-.5', -0.5], ['-0', -0], ['-0.0', -0]];

  it.each(DISAGREEING)('%s is read as YAML 1.2 (and the editor) read it', (written, value) => {
    for (const [source, at] of [
      [`value: ${written}\n`, (data: Record<string, unknown>) => data.value],
      [`items:\n  - ${written}\n`, (data: Record<string, unknown>) => (data.items as unknown[])[0]],
      [`row: { a: ${written}, b: ok }\n`, (data: Record<string, unknown>) => (data.row as Record<string, unknown>).a],
    ] as const) {
      const validated = validateYaml(Anything, 'pages/a.yaml', source);
      expect(validated.ok, source).toBe(true);
      if (validated.ok) expect(at(validated.value), source).toStrictEqual(value);
      expect(at(parse(source) as Record<string, unknown>), source).toStrictEqual(value);
    }
  });

  it('ordinary text that merely looks alike is read as text by both', () => {
    const source = 'title: Batch -0 starts +.5 hours early\nphone: "+0x12"\nnote: Room 0b is upstairs\n';
    const validated = validateYaml(Anything, 'pages/a.yaml', source);
    expect(validated.ok && validated.value).toEqual({ title: 'Batch -0 starts +.5 hours early', phone: '+0x12', note: 'Room 0b is upstairs' });
  });
});
