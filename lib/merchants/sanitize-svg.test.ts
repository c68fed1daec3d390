import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './sanitize-svg';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const run = (svg: string) => sanitizeSvg(new TextEncoder().encode(svg));
const refused = (svg: string) => {
  const result = run(svg);
  if (result.ok) throw new Error(`accepted: ${result.svg}`);
  return result.reason;
};

describe('sanitizeSvg — accepted', () => {
  it('a plain logo is written back as it was (attributes, text, gradients, local references)', () => {
    const svg = `<svg ${NS} viewBox="0 0 120 40" width="120" height="40"><defs><linearGradient id="g"><stop offset="0" stop-color="#635bff"/></linearGradient></defs><rect width="40" height="40" rx="8" fill="url(#g)"/><use href="#g"/><text x="48" y="26" font-size="18">Acme &amp; Co</text></svg>`;
    expect(run(svg)).toEqual({ ok: true, svg, removed: [] });
  });

  it('editor leftovers are removed and said: XML declaration, comments, <metadata>, Inkscape/Sodipodi elements and attributes', () => {
    const input = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Created with Inkscape -->
<svg ${NS} xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:xlink="http://www.w3.org/1999/xlink" inkscape:version="1.3" viewBox="0 0 10 10"><metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata><sodipodi:namedview id="nv"/><circle id="c" cx="5" cy="5" r="4" inkscape:label="dot"/><use xlink:href="#c"/></svg>`;
    expect(run(input)).toEqual({
      ok: true,
      svg: `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><circle id="c" cx="5" cy="5" r="4"/><use xlink:href="#c"/></svg>`,
      removed: ['XML declaration', 'comments', 'attribute inkscape:version', '<metadata>', '<sodipodi:namedview>', 'attribute inkscape:label'],
    });
  });

  it('a <style> element without anything that loads is kept, CDATA written as escaped text', () => {
    const result = run(`<svg ${NS}><style><![CDATA[.a{fill:#123456} .b>.c{fill:url(#g)}]]></style><path class="a" d="M0 0h1"/></svg>`);
    expect(result).toEqual({ ok: true, svg: `<svg ${NS}><style>.a{fill:#123456} .b&gt;.c{fill:url(#g)}</style><path class="a" d="M0 0h1"/></svg>`, removed: [] });
  });
});

describe('sanitizeSvg — refused (the whole logo, with the reason)', () => {
  it.each([
    ['<script>', `<svg ${NS}><script>alert(1)</script></svg>`, '<script> is not allowed'],
    ['a script in another namespace', `<svg ${NS}><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></svg>`, '<h:script> is not an SVG element'],
    ['onload=', `<svg ${NS} onload="alert(1)"/>`, '<svg> onload: event-handler attributes are not allowed'],
    ['ONCLICK on a shape', `<svg ${NS}><rect ONCLICK="x()"/></svg>`, '<rect> ONCLICK: event-handler attributes are not allowed'],
    ['<foreignObject>', `<svg ${NS}><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject></svg>`, '<foreignObject> is not allowed'],
    ['external href on <use>', `<svg ${NS}><use href="https://evil.example/sprite.svg#a"/></svg>`, '<use> href: only a #fragment of the logo may be referenced'],
    ['external xlink:href', `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="http://evil.example/x.svg#a"/></svg>`, '<use> xlink:href: only a #fragment of the logo may be referenced'],
    ['javascript: href', `<svg ${NS}><use href="javascript:alert(1)"/></svg>`, '<use> href: only a #fragment of the logo may be referenced'],
    ['<image> (loads anything)', `<svg ${NS}><image href="#x"/></svg>`, '<image> is not allowed (only static drawing elements are)'],
    ['<a>', `<svg ${NS}><a href="#x"><rect/></a></svg>`, '<a> is not allowed (only static drawing elements are)'],
    ['<animate> (can rewrite an href)', `<svg ${NS}><animate attributeName="href" to="javascript:alert(1)"/></svg>`, '<animate> is not allowed (only static drawing elements are)'],
    ['<set>', `<svg ${NS}><set attributeName="onmouseover" to="alert(1)"/></svg>`, '<set> is not allowed (only static drawing elements are)'],
    ['<feImage>', `<svg ${NS}><filter id="f"><feImage href="#x"/></filter></svg>`, '<feImage> is not allowed (only static drawing elements are)'],
    ['url() to another host in an attribute', `<svg ${NS}><rect fill="url(https://evil.example/p.svg#g)"/></svg>`, '<rect> fill: url() may only point at a #fragment of the logo'],
    ['style attribute with url()', `<svg ${NS}><rect style="fill:url('//evil.example/a')"/></svg>`, '<rect> style: url() may only point at a #fragment of the logo'],
    ['<style> with url()', `<svg ${NS}><style>rect{background:url(https://evil.example/t.png)}</style></svg>`, '<style>: url() may only point at a #fragment of the logo'],
    ['<style> with @import', `<svg ${NS}><style>@import "https://evil.example/x.css";</style></svg>`, '<style>: CSS with @import, @font-face, image-set(), escapes or script is not allowed'],
    ['CSS escapes hiding url(', `<svg ${NS}><style>rect{fill:u\\72l(https://evil.example/)}</style></svg>`, '<style>: CSS with @import, @font-face, image-set(), escapes or script is not allowed'],
    ['image-set() without url()', `<svg ${NS}><rect style='background:image-set("https://evil.example/a.png" 1x)'/></svg>`, '<rect> style: CSS with @import, @font-face, image-set(), escapes or script is not allowed'],
    ['a DOCTYPE with an internal entity (billion laughs)', `<!DOCTYPE svg [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg ${NS}><text>&b;</text></svg>`, 'a DOCTYPE is not allowed (entities)'],
    ['an external entity', `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg ${NS}><text>&x;</text></svg>`, 'a DOCTYPE is not allowed (entities)'],
    ['an undeclared entity', `<svg ${NS}><text>&nbsp;</text></svg>`, 'not well-formed XML: undefined entity.'],
    ['xml-stylesheet processing instruction', `<?xml-stylesheet href="https://evil.example/x.css"?><svg ${NS}/>`, 'processing instruction <?xml-stylesheet?> is not allowed'],
    ['xml:base', `<svg ${NS} xml:base="https://evil.example/"/>`, '<svg> xml:base: attribute not allowed'],
    ['an attribute of an unknown namespace', `<svg ${NS} xmlns:x="urn:x" x:y="1"/>`, '<svg> x:y: attribute not allowed'],
    ['a root that is not <svg>', `<g ${NS}/>`, 'the root element must be <svg>'],
    ['no SVG namespace', '<svg><rect/></svg>', '<svg> is not an SVG element'],
    ['not XML', 'GIF89a', 'not well-formed XML: text data outside of root node.'],
    ['unclosed', `<svg ${NS}><g>`, 'not well-formed XML: unclosed tag: g'],
  ])('%s', (_name, svg, reason) => {
    expect(refused(svg)).toEqual(reason);
  });

  it('bytes that are not UTF-8', () => {
    expect(sanitizeSvg(new Uint8Array([0x3c, 0x73, 0xff, 0xfe]))).toEqual({ ok: false, reason: 'not UTF-8 text' });
  });

  it('text and attribute values are escaped when written back (no markup smuggled through the round trip)', () => {
    const result = run(`<svg ${NS}><title>&lt;script&gt;alert(1)&lt;/script&gt;</title><rect id="&quot;&gt;&lt;script&gt;"/></svg>`);
    expect(result).toEqual({ ok: true, svg: `<svg ${NS}><title>&lt;script&gt;alert(1)&lt;/script&gt;</title><rect id="&quot;&gt;&lt;script&gt;"/></svg>`, removed: [] });
  });
});
