import type { SyntheticEvent } from 'react';

/**
 * Question images come in a few sizes (decisions 067 and 088): the kept copy, at most 2000 px; a phone copy 800 px
 * wide in the upload's own format (`?w=800`); and WebP copies 400, 800 and 1200 px wide and at the kept width
 * (`?w=400&f=webp` … `?f=webp`, made by the server on the first request). Every copy has the same address with a
 * query, so a page offline that kept one copy of a picture can answer for all of them.
 *
 * A browser that shows WebP chooses among the WebP copies by `srcset` and `sizes`; one that does not (older iPads)
 * gets the phone copy on a screen at most 800 px wide and the kept copy otherwise, as before. Offering copies by
 * width changes the size an image shows at unless its width is known: so the copies go by width only when the
 * picture's own size is given (the question's `imageWidth`, an <img>'s width attribute) or when the CSS fixes the
 * width it is shown at (`sizes`); otherwise the WebP copies stand in for the same two copies as before.
 */
const QUESTION_IMAGE = /^\/question\/image\/\d+\/[0-9a-f]{32}$/;
const PHONE = '(max-width: 800px)';
/** The widths the server makes in WebP (server/platform/images.ts, WEBP_WIDTHS). */
const WEBP_WIDTHS = [400, 800, 1200];

/**
 * The paper's column in CSS pixels: the learner shell's main column (learner.module.css `.main`: at most 720 px, 16
 * px padding each side) less the question sheet's border and padding (paper.module.css `.sheet`: 16 px each side on
 * a phone, 32 px from 36em).
 */
const PHONE_COLUMN = 'calc(100vw - 66px)';
const COLUMN = 'calc(min(100vw, 720px) - 98px)';

/** `sizes` for a picture `width` px wide in the paper's column: never wider than itself. */
export function columnSizes(width: number): string {
  return `(max-width: 36em) min(${width}px, ${PHONE_COLUMN}), min(${width}px, ${COLUMN})`;
}

/** The phone copy's address, or null for an address that is not a stored question image. */
export function phoneSrc(url: string): string | null {
  return QUESTION_IMAGE.test(url) ? `${url}?w=800` : null;
}

/** The WebP copies of a stored image for `srcset`: by width up to `width` when it is known, else the made widths. */
export function webpSrcset(url: string, width?: number): string {
  const made = WEBP_WIDTHS.filter((w) => width === undefined || w < width).map((w) => `${url}?w=${w}&f=webp ${w}w`);
  return [...made, ...(width === undefined ? [] : [`${url}?f=webp ${width}w`])].join(', ');
}

/** The <source>s of a stored image's <picture>, before its <img> (as attributes, for React or for HTML). */
type Source = { type?: string; media?: string; srcSet: string; sizes?: string };
function sources(url: string, shown: { width?: number | undefined; sizes?: string | undefined }): Source[] {
  const sizes = shown.sizes ?? (shown.width ? columnSizes(shown.width) : undefined);
  const webp: Source[] = sizes
    ? [{ type: 'image/webp', srcSet: webpSrcset(url, shown.width), sizes }]
    : [
        { type: 'image/webp', media: PHONE, srcSet: `${url}?w=800&f=webp` },
        { type: 'image/webp', srcSet: `${url}?f=webp` },
      ];
  return [...webp, { media: PHONE, srcSet: `${url}?w=800` }];
}

/** An <img> of a question image, with its WebP copies and its phone copy. */
export function QuestionImage(props: {
  src: string;
  alt: string;
  className?: string;
  loading?: 'lazy';
  /** The picture's own size, so the page keeps its place before it loads and the copies go by width. */
  width?: number | undefined;
  height?: number | undefined;
  /** The width it is shown at, when the CSS fixes it whatever the picture's size (an option's picture). */
  sizes?: string;
  /**
   * The tallest it may be shown (a CSS length): with its size given, its width is held to keep its shape there, as
   * the browser does for a picture of no given size under `max-height`.
   */
  fitHeight?: string;
  onLoad?: (event: SyntheticEvent<HTMLImageElement>) => void;
  /** False for a picture that is clicked on: a mouse that moves a little while pressed would drag the image. */
  draggable?: boolean;
}) {
  const { sizes, fitHeight, ...attributes } = props;
  const { width, height } = props;
  const fit =
    fitHeight && width && height ? { maxWidth: `min(100%, calc(${fitHeight} * ${width / height}))` } : undefined;
  const img = <img {...attributes} style={fit} />;
  if (!QUESTION_IMAGE.test(props.src)) return img;
  return (
    <picture>
      {sources(props.src, { width: props.width, sizes }).map((source) => (
        <source key={`${source.type ?? ''}${source.media ?? ''}`} {...source} />
      ))}
      {img}
    </picture>
  );
}

const quoted = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * Sanitised rich text whose stored question images also offer their WebP copies and phone copy (the same
 * <picture>); by width when the <img> says its width and height.
 */
export function withPhoneImages(html: string): string {
  return html.replace(/<img\b[^>]*>/g, (tag) => {
    const src = /\ssrc="([^"]*)"/.exec(tag)?.[1];
    if (!src || !QUESTION_IMAGE.test(src)) return tag;
    const width = Number(/\swidth="(\d+)"/.exec(tag)?.[1]) || undefined;
    const height = /\sheight="\d+"/.test(tag);
    const html = sources(src, { width: height ? width : undefined })
      .map(
        ({ srcSet, ...rest }) =>
          `<source${Object.entries({ ...rest, srcset: srcSet })
            .map(([name, value]) => ` ${name}="${quoted(value)}"`)
            .join('')}>`,
      )
      .join('');
    return `<picture>${html}${tag}</picture>`;
  });
}
