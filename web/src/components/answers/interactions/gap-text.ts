/** A piece of a text with gaps: words as written, or the gap `{{id}}`. */
export type GapPiece = { kind: 'text'; text: string } | { kind: 'gap'; id: string };

const GAP = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/**
 * A gap text (gap match, inline choice) as paragraphs of pieces: paragraphs are parted by blank lines, and each
 * `{{id}}` is a gap. Plain text only (decision 084), so the page builds the sentence from text and controls.
 */
export function gapParagraphs(gapText: string): GapPiece[][] {
  return gapText
    .split(/\r?\n[ \t]*\r?\n\s*/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => {
      const pieces: GapPiece[] = [];
      let at = 0;
      for (const match of paragraph.matchAll(GAP)) {
        if (match.index > at) pieces.push({ kind: 'text', text: paragraph.slice(at, match.index) });
        pieces.push({ kind: 'gap', id: match[1]! });
        at = match.index + match[0].length;
      }
      if (at < paragraph.length) pieces.push({ kind: 'text', text: paragraph.slice(at) });
      return pieces;
    });
}

/** The gaps' ids in the order they appear, each once. */
export function gapIds(gapText: string): string[] {
  return [
    ...new Set(gapParagraphs(gapText).flatMap((p) => p.flatMap((piece) => (piece.kind === 'gap' ? [piece.id] : [])))),
  ];
}
