// @tier slow: rasterises the drawn QR codes with sharp and reads them back with a QR reader
import { screen } from '@testing-library/react';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SectionSchema } from '../../src/content/page-schema';
import { SectionSlot } from '../../src/sections/section-slot';
import { renderWithSite, testSite } from '../helpers/render';

/** What a phone's camera reads from the code: the SVG drawn as pixels, and a QR reader on them. */
async function scan(code: Element): Promise<string | undefined> {
  const svg = code.cloneNode(true) as Element;
  svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  // Ten pixels a cell, as a screen shows it.
  const { data, info } = await sharp(Buffer.from(svg.outerHTML), { density: 720 }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

function renderSection(input: unknown, formUrl = testSite.form.url) {
  return renderWithSite(<SectionSlot section={SectionSchema.parse(input)} index={1} />, { site: { ...testSite, form: { url: formUrl } } });
}

describe('the enquiry form’s QR code', () => {
  it('on a contact section scans to the enquiry form, and its name says where it leads', async () => {
    renderSection({ type: 'contact', enquiry: { label: 'Enquire Now', href: 'form' }, qr: true });
    const code = screen.getByRole('img', { name: 'QR code that opens the enquiry form, forms.example.com/cesa-enquiry' });
    expect(await scan(code)).toBe('https://forms.example.com/cesa-enquiry');
  });

  it('on a banner scans to the form of the site settings, whatever its address', async () => {
    renderSection({ type: 'hero', title: 'Crack GATE', qr: true, actions: [{ label: 'Enroll Now', href: 'form' }] }, 'https://forms.example.org/gate/enrol?batch=2027&ref=site');
    const code = screen.getByRole('img', { name: 'QR code that opens the enquiry form, forms.example.org/gate/enrol?batch=2027&ref=site' });
    expect(await scan(code)).toBe('https://forms.example.org/gate/enrol?batch=2027&ref=site');
  });

  it('holds an address with letters beyond ASCII as a browser sends it, so every reader reads the same', async () => {
    renderSection({ type: 'contact', qr: true }, 'https://forms.example.com/enquête');
    expect(await scan(screen.getByRole('img', { name: /^QR code that opens the enquiry form/ }))).toBe('https://forms.example.com/enqu%C3%AAte');
  });

  it('says to scan it where it is shown beside the page, and to tap the button on a phone', () => {
    renderSection({ type: 'contact', enquiry: { label: 'Enquire Now', href: 'form' }, qr: true });
    // enquiry-qr.css shows the first from 48rem, the second below it.
    expect(screen.getByText('Scan the code with your phone’s camera to open the enquiry form.')).toBeInTheDocument();
    expect(screen.getByText('Tap the button to open the enquiry form.')).toBeInTheDocument();
  });

  it('is left out unless the section asks for it', () => {
    renderSection({ type: 'contact', enquiry: { label: 'Enquire Now', href: 'form' } });
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });
});
