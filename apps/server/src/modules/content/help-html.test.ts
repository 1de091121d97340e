import { describe, expect, it } from 'vitest';
import { helpSectionsEn } from '../../db/seed-data/help-en';
import { helpSectionsFil } from '../../db/seed-data/help-fil';
import { helpHtmlProblem } from './help-html';

describe('help HTML allowlist', () => {
  it('should accept every help section the demo merchant ships with', () => {
    for (const section of [...helpSectionsEn('Demo'), ...helpSectionsFil('Demo')]) {
      expect(helpHtmlProblem(section.html), section.anchor).toBeNull();
    }
  });

  it('should accept document markup, tables, same-site images and safe links', () => {
    const html = `<h3>Limits</h3><p><strong>Note</strong>: see <a href="/promotions" title="Offers">offers</a>,
      <a href="#term">the terms</a>, <a href="https://help.example.com/a?b=1">the guide</a> or
      <a href="mailto:support@example.com">mail us</a>.</p><!-- editor note -->
      <table><thead><tr><th colspan="2">Level</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>
      <ol start="3"><li>three</li></ol><img src="/banners/vip.svg" alt="VIP" width="320">`;
    expect(helpHtmlProblem(html)).toBeNull();
  });

  it('should refuse what the player side would strip or what could run code, naming the problem', () => {
    const cases: [string, RegExp][] = [
      ['<p>hi</p><script>alert(1)</script>', /<script> tag/],
      ['<scr<script>ipt>alert(1)</script>', /<script> tag/],
      ['<img src="/a.png" onerror="alert(1)">', /onerror is not allowed on <img>/],
      ['<p onclick=alert(1)>x</p>', /onclick is not allowed on <p>/],
      ['<a href="javascript:alert(1)">x</a>', /must be a path on this site/],
      ['<a href=" JaVaScRiPt:alert(1)">x</a>', /must be a path on this site/],
      ['<a href="//evil.example.com">x</a>', /must be a path on this site/],
      ['<a href="https://user:pw@example.com">x</a>', /must be a path on this site/],
      ['<img src="https://tracker.example.com/p.gif">', /image .* must be a path on this site/],
      ['<p style="color:red">x</p>', /style is not allowed/],
      ['<h2 id="term">x</h2>', /id is not allowed/],
      ['<iframe src="/x"></iframe>', /<iframe> tag/],
      ['<form><input name="pw"></form>', /<form> tag/],
      ['<svg><script>alert(1)</script></svg>', /<svg> tag/],
      ['<style>body{display:none}</style>', /<style> tag/],
      ['<table><tr><td colspan="x">1</td></tr></table>', /colspan must be a number/],
    ];
    for (const [html, problem] of cases) {
      expect(helpHtmlProblem(html), html).toMatch(problem);
    }
  });
});
