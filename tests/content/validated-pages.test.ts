/**
 * Validation returns data and nothing patches it afterwards: the pages and the site document that
 * loadContent returns are what validation returned; facts found later (image sizes) are beside them.
 */
// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assembleContent, listPageFiles, loadContent, validatePages } from '../../src/content/load';
import { PageSchema } from '../../src/content/page-schema';
import { SiteSchema } from '../../src/content/site-schema';
import { validateYaml } from '../../src/content/validate';

const root = path.resolve(import.meta.dirname, '../..');
const content = loadContent({ root });

function validated<T>(schema: Parameters<typeof validateYaml>[0], file: string): T {
  const result = validateYaml(schema, file, readFileSync(path.join(root, file), 'utf8'));
  if (!result.ok) throw new Error(`${file} does not validate`);
  return result.value as T;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

describe('loadContent', () => {
  it('has the content to check', () => {
    expect(content.errors).toEqual([]);
    expect(content.pages.length).toBeGreaterThan(3);
  });

  it.each(content.pages.map((entry) => [entry.route, entry] as const))('returns the page %s exactly as validation returned it', (_, entry) => {
    expect(entry.page).toStrictEqual(validated(PageSchema, entry.file));
    expect(JSON.stringify(entry.page)).not.toMatch(/"(width|height)":/);
  });

  it('returns the site document exactly as validation returned it', () => {
    expect(content.site).toStrictEqual(validated(SiteSchema, 'pages/_site.yaml'));
    expect(content.site!.logo).toStrictEqual({ src: content.site!.logo.src, alt: content.site!.logo.alt });
  });

  it('writes nothing into validated pages: its checks pass on frozen ones', () => {
    const pagesDir = path.join(root, 'pages');
    const pages = validatePages(root, pagesDir, listPageFiles(pagesDir)).map(deepFreeze);
    const assembled = assembleContent({ root }, pages);
    expect(assembled.errors).toEqual([]);
    expect(assembled.pages.map((entry) => entry.page)).toEqual(pages.map((entry) => (entry.ok ? entry.page : null)));
  });

  it("keeps the images' sizes beside the pages, by site path", () => {
    const logo = content.site!.logo.src;
    expect(Object.keys(content.images.get(logo) ?? {})).toEqual(['width', 'height']);
    for (const [src, size] of content.images) {
      expect(src).toMatch(/^\/.+\.(svg|webp|avif|png|jpe?g|gif)$/i);
      expect(size.width).toBeGreaterThan(0);
      expect(size.height).toBeGreaterThan(0);
    }
  });
});
