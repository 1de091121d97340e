import { describe, expect, it } from 'vitest';
import { helpSectionsEn } from '../../../db/seed-data/help-en';
import { helpSectionsFil } from '../../../db/seed-data/help-fil';
import { sanitizeHelpHtml } from './help-html';

/** Whitespace and the serializer's spelling (`<br />`, entities) aside, is the markup the same? */
const tagsOf = (html: string) => html.match(/<\/?[a-z0-9]+/gi) ?? [];

describe('help HTML sanitizer', () => {
  it('should keep every help section the demo merchant ships with', () => {
    for (const section of [...helpSectionsEn('Demo'), ...helpSectionsFil('Demo')]) {
      const clean = sanitizeHelpHtml(section.html);
      expect(tagsOf(clean), section.anchor).toEqual(tagsOf(section.html));
      expect(clean.replace(/\s+/g, ''), section.anchor).toContain(
        section.html
          .replace(/<[^>]*>/g, '')
          .replace(/\s+/g, '')
          .slice(0, 40)
          .replace(/&/g, '&amp;'),
      );
    }
  });

  it('should keep document markup, tables, same-site images and safe links', () => {
    const html = `<h3>Limits</h3><p><strong>Note</strong>: see <a href="/promotions" title="Offers">offers</a>,
      <a href="#term">the terms</a>, <a href="https://help.example.com/a?b=1">the guide</a> or
      <a href="mailto:support@example.com">mail us</a>.</p>
      <table><thead><tr><th colspan="2">Level</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>
      <ol start="3"><li>three</li></ol><img src="/banners/vip.svg" alt="VIP" width="320" />`;
    const clean = sanitizeHelpHtml(html);
    for (const kept of [
      'href="/promotions"',
      'title="Offers"',
      'href="#term"',
      'href="https://help.example.com/a?b=1"',
      'href="mailto:support@example.com"',
      '<th colspan="2">',
      '<ol start="3">',
      'src="/banners/vip.svg"',
      'width="320"',
    ]) {
      expect(clean).toContain(kept);
    }
  });

  it('should remove whatever could run code or that the player side would strip, keeping the text around it', () => {
    const cases: [string, string][] = [
      ['<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
      ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
      ['<img src="/a.png" onerror="alert(1)">', '<img src="/a.png" />'],
      ['<p onclick=alert(1)>x</p>', '<p>x</p>'],
      ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
      ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
      ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
      ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
      ['<a href="//evil.example.com">x</a>', '<a>x</a>'],
      ['<a href="https://user:pw@example.com">x</a>', '<a>x</a>'],
      ['<p>a<img src="https://tracker.example.com/p.gif">b</p>', '<p>ab</p>'],
      ['<p style="color:red">x</p>', '<p>x</p>'],
      ['<h2 id="term">x</h2>', '<h2>x</h2>'],
      ['<p>a<iframe src="/x"></iframe>b</p>', '<p>ab</p>'],
      ['<form><input name="pw">Send</form>', 'Send'],
      ['<svg><script>alert(1)</script></svg>', ''],
      ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
      ['<table><tr><td colspan="x">1</td></tr></table>', '<table><tr><td>1</td></tr></table>'],
      ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', 'x'],
    ];
    for (const [html, stored] of cases) {
      expect(sanitizeHelpHtml(html), html).toBe(stored);
    }
  });
});
