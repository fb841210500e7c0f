/**
 * The text of a title card is laid out to fit its box whatever the content gives: wrapped, made
 * smaller, and never larger than the box; characters that mean something in markup are drawn as text.
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { markup, textLayer } from '../../scripts/builder/social';

const box = { colour: '#ffffff', width: 600, height: 200, sizes: [72, 48], bold: true };

describe('the text of a title card', () => {
  it.each([
    ['a short title', 'ETABS'],
    ['a long title', 'Certificate course on the structural design of multistorey buildings in reinforced concrete and steel, with foundations '.repeat(4)],
    ['one word longer than a line', 'Supercalifragilisticexpialidocious'.repeat(8)],
    ['markup characters', `R&D <b>bold</b> "quoted" 'single' </span> &amp;`],
  ])('%s stays inside its box', async (_, text) => {
    const layer = await textLayer(text, box);
    expect(layer.width).toBeGreaterThan(0);
    expect(layer.width).toBeLessThanOrEqual(box.width);
    expect(layer.height).toBeLessThanOrEqual(box.height);
  });

  it('keeps a short title at the first size, larger than the next', async () => {
    const first = await textLayer('ETABS', box);
    expect(first).toMatchObject({ height: (await textLayer('ETABS', { ...box, sizes: [72] })).height });
    expect(first.height).toBeGreaterThan((await textLayer('ETABS', { ...box, sizes: [48] })).height);
  });

  it('escapes the content, so no text becomes markup', () => {
    expect(markup(`a <span foreground="red">b</span> & 'c'`, '#fff')).toBe(
      '<span foreground="#fff">a &lt;span foreground=&quot;red&quot;&gt;b&lt;/span&gt; &amp; &apos;c&apos;</span>',
    );
  });
});
