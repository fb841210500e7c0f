/**
 * Text helpers for the brochure PDF. The standard PDF fonts (Helvetica) only encode WinAnsi
 * (Windows-1252), and pdf-lib throws on anything else, so every string from the content goes
 * through {@link toWinAnsi} before it is measured or drawn.
 */

/** The characters Windows-1252 adds in 0x80–0x9F; with printable ASCII and Latin-1 they are all WinAnsi has. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Characters outside WinAnsi that have a readable stand-in. Anything else not encodable is decomposed or dropped. */
const REPLACEMENTS: Record<string, string> = {
  '\u00a0': ' ', // no-break space: wrapping decides where lines break
  '\u00ad': '', // soft hyphen
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '—',
  '\u2212': '-', // minus sign
  '\u2032': "'",
  '\u2033': '"',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2194': '<->',
  '\u21d2': '=>',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u20b9': 'Rs ', // Indian rupee sign: "₹8,000" reads "Rs 8,000"
  '\u2713': '',
  '\u2714': '',
  '\u2605': '*',
  '\u25cf': '•',
  '\u25aa': '•',
  '\u2043': '•',
};

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
}

/**
 * Makes content text drawable with the standard fonts: whitespace (tabs, line breaks, odd spaces)
 * becomes one space, known symbols get a stand-in (→ "->", ₹ "Rs "), accented letters outside
 * Latin-1 lose the accent (ś → s), and whatever is left that WinAnsi cannot encode (emoji, scripts)
 * is dropped. Never throws.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    const replacement = REPLACEMENTS[char];
    if (replacement !== undefined) out += replacement;
    else if (/\s/u.test(char)) out += ' ';
    else if (isWinAnsi(char)) out += char;
    else out += [...char.normalize('NFKD')].filter((part) => part !== char && isWinAnsi(part)).join('');
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/**
 * Greedy word wrap: as many words per line as fit in `maxWidth`. A word wider than a whole line
 * (a long URL) is cut between characters rather than left to run off the page.
 */
export function wrapText(text: string, maxWidth: number, widthOf: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (widthOf(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const char of word) {
      if (line && widthOf(line + char) > maxWidth) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  }
  if (line) lines.push(line);
  return lines;
}
