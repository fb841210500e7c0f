import { useSite } from '../page/site-context';
import { qrDrawing } from '../lib/qr-code';
import './enquiry-qr.css';

/**
 * The QR code of the enquiry form (the site settings' form address), drawn when the page is made, with
 * what to do beside it. A computer's visitor scans it with a phone; a phone's visitor has the code and
 * the button on the same screen, so the words offer the button there (enquiry-qr.css shows one of the
 * two sentences: the other is not rendered, so a screen reader reads the one that is seen).
 */
export function EnquiryQr({ className }: { className?: string | undefined }) {
  const site = useSite();
  const address = new URL(site.form.url);
  const { size, path } = qrDrawing(address.href);
  // Where it leads, as a person reads an address: without https:// and without a lone trailing slash.
  const shown = `${address.host}${address.pathname === '/' ? '' : address.pathname}${address.search}`;
  return (
    <figure className={className ? `enquiry-qr ${className}` : 'enquiry-qr'}>
      <svg className="enquiry-qr__code" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={`QR code that opens the enquiry form, ${shown}`} shapeRendering="crispEdges">
        <rect width={size} height={size} fill="#fff" />
        <path d={path} fill="#000" />
      </svg>
      <figcaption className="enquiry-qr__words">
        <span className="enquiry-qr__scan">Scan the code with your phone’s camera to open the enquiry form.</span>
        <span className="enquiry-qr__tap">Tap the button to open the enquiry form.</span>
      </figcaption>
    </figure>
  );
}
