/**
 * A QR code as a drawing: the dark modules of the code of a web address, as one SVG path on a grid
 * of `size` × `size` cells (the quiet zone of four cells on each side included). Drawn where the page
 * is made, from the address itself, so that what a phone's camera reads is the address the page
 * promises (a picture of a code could say anything). qrcode-generator does the encoding: plain
 * JavaScript, no dependencies.
 */
import qrcode from 'qrcode-generator';

/** The white border a reader needs around the code, in cells (the standard's minimum). */
const QUIET_ZONE = 4;

export interface QrDrawing {
  /** Cells across (and down), the quiet zone included: the drawing's viewBox is `0 0 size size`. */
  size: number;
  /** The dark modules as an SVG path: each run of them along a row one rectangle a cell high. */
  path: string;
}

/**
 * The QR code of `address`, written as its normal form (a host in ASCII, a path percent-encoded), so
 * that the code holds only ASCII, which every reader decodes alike. Error correction M (15 % of the code
 * may be smudged or covered).
 */
export function qrDrawing(address: string): QrDrawing {
  const code = qrcode(0, 'M');
  code.addData(new URL(address).href, 'Byte');
  code.make();
  const modules = code.getModuleCount();
  let path = '';
  for (let row = 0; row < modules; row += 1) {
    for (let col = 0; col < modules; col += 1) {
      // A run of dark modules along the row is one rectangle: a shorter path than a square each.
      if (!code.isDark(row, col) || (col > 0 && code.isDark(row, col - 1))) continue;
      let run = 1;
      while (col + run < modules && code.isDark(row, col + run)) run += 1;
      path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h${run}v1h-${run}z`;
    }
  }
  return { size: modules + 2 * QUIET_ZONE, path };
}
