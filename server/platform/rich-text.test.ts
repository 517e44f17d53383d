import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../test/harness.js';
import { htmlText } from '#contract/content';
import { sanitizeRichText } from './rich-text.js';

/** The href a sanitised link keeps ('' when it was dropped). */
const hrefOf = (html: string) => /href="([^"]*)"/.exec(sanitizeRichText(html))?.[1] ?? '';

describe('the text of rich text (htmlText, the one way)', () => {
  it('parts words at blocks and line breaks, not at inline tags, and reads entities', () => {
    expect(htmlText('<p>What is the bearing of <strong>south-west</strong>, in degrees?</p>')).toBe(
      'What is the bearing of south-west, in degrees?',
    );
    expect(htmlText('<p>One</p><p>two<br>three</p><ul><li>four</li><li>five</li></ul>')).toBe(
      'One two three four five',
    );
    expect(htmlText('<p>Rock &amp; roll &lt;3&nbsp;times&gt; “quoted” &quot;plain&quot; it&#39;s</p>')).toBe(
      'Rock & roll <3 times> “quoted” "plain" it\'s',
    );
    expect(htmlText('<p><br></p><p>&nbsp;</p>')).toBe('');
  });
});

describe('links in rich text', () => {
  it('keeps links to our own paths, to http(s), mail and anchors', () => {
    expect(hrefOf('<a href="/geo-demo/home">x</a>')).toBe('/geo-demo/home');
    expect(hrefOf('<a href="https://example.org/a?b=1">x</a>')).toBe('https://example.org/a?b=1');
    expect(hrefOf('<a href="mailto:a@example.org">x</a>')).toBe('mailto:a@example.org');
    expect(hrefOf('<a href="#top">x</a>')).toBe('#top');
    expect(sanitizeRichText('<img src="/question/image/1/abc" alt="a">')).toContain('src="/question/image/1/abc"');
  });

  it('refuses addresses a browser reads as another site or as script', () => {
    for (const href of [
      '/\\evil.example',
      '\\\\evil.example',
      '//evil.example',
      '/&#92;evil.example',
      '/&#x5c;evil.example',
      '/\t/evil.example',
      ' //evil.example',
      '/%09/evil.example'.replace('%09', '\n'),
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      'https:evil.example',
      'data:text/html,x',
    ]) {
      expect(hrefOf(`<a href="${href}">x</a>`), href).toBe('');
      expect(sanitizeRichText(`<img src="${href}" alt="a">`), href).not.toMatch(/src="[^"]/);
    }
  });
});

describe('through the API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('an FAQ answer keeps no link to /\\evil.example', async () => {
    const overlord = (await server.signIn('overlord')).accessToken.token;
    const res = await server.api('POST', '/faq/v-rest/', {
      token: overlord,
      body: {
        audience: 'portal',
        published: true,
        question: 'Where?',
        answer: '<p><a href="/\\evil.example">here</a> and <a href="/portal/faq">there</a></p>',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.faq.answer).not.toContain('evil.example');
    expect(res.body.faq.answer).toContain('href="/portal/faq"');
  });
});
