import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionImage, withPhoneImages } from './phone-images.js';

const url = '/question/image/3/0123456789abcdef0123456789abcdef';
const sourcesOf = (root: ParentNode) =>
  [...root.querySelectorAll('source')].map((s) => ({
    type: s.getAttribute('type'),
    media: s.getAttribute('media'),
    srcset: s.getAttribute('srcset'),
    sizes: s.getAttribute('sizes'),
  }));

/** The copies a page offers (decision 088): WebP by width where the shown width cannot change, else as before. */
describe('QuestionImage and withPhoneImages', () => {
  it('a picture of known size: WebP copies by width up to its own, sized to the paper’s column, the phone copy after', () => {
    const { container } = render(<QuestionImage src={url} alt="A map" width={1000} height={600} fitHeight="60vh" />);
    expect(sourcesOf(container)).toEqual([
      {
        type: 'image/webp',
        media: null,
        srcset: `${url}?w=400&f=webp 400w, ${url}?w=800&f=webp 800w, ${url}?f=webp 1000w`,
        sizes: '(max-width: 36em) min(1000px, calc(100vw - 66px)), min(1000px, calc(min(100vw, 720px) - 98px))',
      },
      { type: null, media: '(max-width: 800px)', srcset: `${url}?w=800`, sizes: null },
    ]);
    const img = container.querySelector('img')!;
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height')]).toEqual([
      url,
      '1000',
      '600',
    ]);
    // Never taller than 60vh, keeping its shape, as it showed before it said its size.
    expect(img.style.maxWidth).toBe('min(100%, calc(60vh * 1.6666666666666667))');
  });

  it('a picture whose CSS fixes its width goes by width too; one of unknown size gets the same two copies in WebP', () => {
    const option = render(<QuestionImage src={url} alt="" sizes="220px" />).container;
    expect(sourcesOf(option)[0]).toMatchObject({
      srcset: `${url}?w=400&f=webp 400w, ${url}?w=800&f=webp 800w, ${url}?w=1200&f=webp 1200w`,
      sizes: '220px',
    });
    const unknown = render(<QuestionImage src={url} alt="" />).container;
    expect(sourcesOf(unknown).map((s) => [s.type, s.media, s.srcset])).toEqual([
      ['image/webp', '(max-width: 800px)', `${url}?w=800&f=webp`],
      ['image/webp', null, `${url}?f=webp`],
      [null, '(max-width: 800px)', `${url}?w=800`],
    ]);
  });

  it('an address that is not a stored image is a plain <img>', () => {
    const { container } = render(<QuestionImage src="/demo/south-africa.svg" alt="A map" width={800} height={700} />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')!.getAttribute('width')).toBe('800');
  });

  it('rich text: each stored image in the same <picture>, by width when the tag says its size', () => {
    const html = withPhoneImages(
      `<p><img src="${url}" alt="a"> <img src="${url}" width="600" height="300" alt="b"> <img src="/x.png" alt="c"></p>`,
    );
    const page = document.createElement('div');
    page.innerHTML = html;
    const [first, second] = [...page.querySelectorAll('picture')];
    expect(page.querySelectorAll('picture')).toHaveLength(2);
    expect(sourcesOf(first!).map((s) => s.srcset)).toEqual([`${url}?w=800&f=webp`, `${url}?f=webp`, `${url}?w=800`]);
    expect(sourcesOf(second!)[0]).toMatchObject({
      srcset: `${url}?w=400&f=webp 400w, ${url}?f=webp 600w`,
      sizes: '(max-width: 36em) min(600px, calc(100vw - 66px)), min(600px, calc(min(100vw, 720px) - 98px))',
    });
    expect(page.querySelector('img[alt="c"]')!.parentElement!.tagName).toBe('P');
  });
});
