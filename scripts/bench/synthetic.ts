/** Synthetic content for the benchmark: N realistic pages of about 17 KB of YAML each. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const words = 'model analyse design column beam slab footing shear wall load combination seismic wind detailing drawing schedule quantity estimate rebar concrete steel truss foundation raft pile storey grid section report'.split(' ');

function sentence(seed: number, length = 14): string {
  const out: string[] = [];
  for (let i = 0; i < length; i++) out.push(words[(seed * 7 + i * 13) % words.length]!);
  const text = out.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function page(index: number, total: number, { sharedCard, courseEvery }: Required<SyntheticOptions>): string {
  const next = `/course-${(index + 1) % total}`;
  const lines: string[] = [
    'meta:',
    `  title: Synthetic course ${index} | CESA`,
    `  description: ${sentence(index, 20)}`,
    '  keywords: [civil engineering, software, training, pune]',
    ...(sharedCard ? ['  social:', '    image: { src: /images/logo.svg, alt: CESA }'] : []),
    ...(index % courseEvery === 0 ? ['  course:', `    name: Synthetic course ${index}`, '    group: structure'] : []),
    'sections:',
    '  - type: hero',
    `    title: Synthetic course ${index}`,
    `    subtitle: ${sentence(index + 1)}`,
    '    image: { src: /images/logo.svg, alt: Course illustration }',
    '    actions:',
    `      - { label: Next course, href: ${next} }`,
    '      - { label: Enroll Now, href: form }',
  ];
  for (let block = 0; block < 5; block++) {
    lines.push(
      '  - type: prose',
      `    title: Part ${block + 1}`,
      '    body: |',
      ...Array.from({ length: 3 }, (_, p) => `      ${sentence(index + block + p, 40)}\n`),
      '  - type: modules',
      '    modules:',
      ...Array.from({ length: 4 }, (_, m) => [`      - title: Module ${m + 1}`, '        items:', ...Array.from({ length: 5 }, (_, t) => `          - ${sentence(index + m + t, 8)}`)]).flat(),
      '  - type: packages',
      '    wideLast: true',
      '    cards:',
      ...Array.from({ length: 3 }, (_, c) => [`      - title: Package ${c + 1}`, `        description: ${sentence(c + block, 18)}`, `        duration: ${15 + c * 10}`, '        image: /images/logo.svg']).flat(),
    );
  }
  lines.push(
    '  - type: faq',
    '    items:',
    ...Array.from({ length: 4 }, (_, q) => [`      - question: ${sentence(q, 6).replace('.', '?')}`, `        answer: ${sentence(q + index, 30)}`]).flat(),
    '  - type: table',
    '    caption: Batches',
    '    columns: [Batch, Starts, Mode]',
    '    rows:',
    ...Array.from({ length: 6 }, (_, r) => `      - [Batch ${r + 1}, ${r + 1} June, Online]`),
  );
  return `${lines.join('\n')}\n`;
}

const SITE = `name: Civil Engineering Software Academy
shortName: CESA
url: https://www.cesa.example.com
logo: { src: /images/logo.svg, alt: CESA }
menu:
  - label: Home
    href: /course-0
form: { url: "https://forms.example.com/cesa-enquiry" }
brochure: { file: /downloads/cesa-brochure.pdf, fileName: CESA-Brochure.pdf }
contact: { phone: "+91 00000 00000", chat: "https://wa.me/910000000000" }
branches:
  - city: Pune
    address: [Example Building, Example Road, Pune]
footer: { about: Training civil engineers., copyright: © 2025 CESA }
`;

export interface SyntheticOptions {
  /** Every page's link preview shows one shared picture (meta.social.image) instead of a title card of its own. */
  sharedCard?: boolean;
  /** One page in this many is a course (in the brochure); default every page. */
  courseEvery?: number;
}

/** Writes a throwaway project (pages/ and public/) with `count` pages; returns its total YAML bytes. */
export function writeSyntheticProject(root: string, count: number, { sharedCard = false, courseEvery = 1 }: SyntheticOptions = {}): number {
  mkdirSync(path.join(root, 'pages'), { recursive: true });
  mkdirSync(path.join(root, 'public/images'), { recursive: true });
  writeFileSync(path.join(root, 'public/images/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180"><rect width="320" height="180" fill="#dde"/></svg>');
  writeFileSync(path.join(root, 'pages/_site.yaml'), SITE);
  let bytes = 0;
  for (let index = 0; index < count; index++) {
    const text = page(index, count, { sharedCard, courseEvery });
    bytes += text.length;
    writeFileSync(path.join(root, 'pages', `course-${index}.yaml`), text);
  }
  return bytes;
}
