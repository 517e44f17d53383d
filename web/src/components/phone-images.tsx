import type { SyntheticEvent } from 'react';

/**
 * Question images come in two sizes (decision 067): the kept copy, at most 2000 px, and a phone copy 800 px wide,
 * served for `?w=800`. A screen at most 800 CSS pixels wide takes the phone copy through <picture>: the image is
 * then at least as wide as the page's column, so it shows at the same size, with a quarter of the bytes or less.
 * An image too narrow to have a phone copy is answered the same bytes either way.
 */
const QUESTION_IMAGE = /^\/question\/image\/\d+\/[0-9a-f]{32}$/;
const PHONE = '(max-width: 800px)';

/** The phone copy's address, or null for an address that is not a stored question image. */
export function phoneSrc(url: string): string | null {
  return QUESTION_IMAGE.test(url) ? `${url}?w=800` : null;
}

/** An <img> of a question image, with its phone copy for narrow screens. */
export function QuestionImage(props: {
  src: string;
  alt: string;
  className?: string;
  loading?: 'lazy';
  /** The picture's own size, so the page keeps its place before it loads. */
  width?: number;
  height?: number;
  onLoad?: (event: SyntheticEvent<HTMLImageElement>) => void;
  /** False for a picture that is clicked on: a mouse that moves a little while pressed would drag the image. */
  draggable?: boolean;
}) {
  const phone = phoneSrc(props.src);
  const img = <img {...props} />;
  if (!phone) return img;
  return (
    <picture>
      <source media={PHONE} srcSet={phone} />
      {img}
    </picture>
  );
}

/** Sanitised rich text whose stored question images also offer their phone copy (the same <picture>). */
export function withPhoneImages(html: string): string {
  return html.replace(/<img\b[^>]*>/g, (tag) => {
    const src = /\ssrc="([^"]*)"/.exec(tag)?.[1];
    const phone = src ? phoneSrc(src) : null;
    return phone ? `<picture><source media="${PHONE}" srcset="${phone}">${tag}</picture>` : tag;
  });
}
