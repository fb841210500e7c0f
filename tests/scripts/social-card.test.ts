/**
 * The text of a title card is laid out to fit its box whatever the content gives: wrapped, made
 * smaller, and never larger than the box; characters that mean something in markup are drawn as text.
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { blend, markup, textLayer } from '../../scripts/builder/social';

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

  it('draws a layer over the card through its transparency, and leaves out what would fall outside the card', () => {
    // A card 4 × 2, mid grey; a layer 3 × 2 of white: opaque, half transparent, transparent on each row.
    const card = Buffer.alloc(4 * 2 * 3, 100);
    const row = [255, 255, 255, 255, 255, 255, 255, 128, 255, 255, 255, 0];
    const layer = { data: Buffer.from([...row, ...row]), width: 3, height: 2 };
    blend(card, 4, layer, 2, 1);
    // Only its first two columns of its first row land on the card (bottom right corner).
    expect([...card.subarray(0, 18)]).toEqual(Array(18).fill(100));
    expect([...card.subarray(18, 24)]).toEqual([255, 255, 255, 178, 178, 178]);
    blend(card, 4, layer, -1, -1);
    // Its second row's second and third pixels land on the top left corner.
    expect([...card.subarray(0, 9)]).toEqual([178, 178, 178, 100, 100, 100, 100, 100, 100]);
  });
});
