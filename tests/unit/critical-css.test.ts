import { describe, expect, it } from 'vitest';
import { classesIn, criticalCss } from '../../scripts/lib/critical-css';

const css =
  ':root{--a:1}[data-mantine-color-scheme=dark]{--b:2}body{margin:0}.hero{color:red}.drawer{color:blue}' +
  '.hero .title,.drawer .title{font-weight:700}.btn:not(.drawer){padding:1px}' +
  '@media (min-width:48em){.hero{color:green}.drawer{left:0}}@media print{.drawer{display:none}}' +
  '@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}.a[data-x="{"]{color:pink}';

describe('criticalCss', () => {
  const classes = classesIn('<div class="hero"><h1 class="title btn">Hi</h1></div>');

  it("keeps the rules the page's classes can match, the class-free rules and the keyframes", () => {
    expect(criticalCss(css, classes)).toBe(
      ':root{--a:1}[data-mantine-color-scheme=dark]{--b:2}body{margin:0}.hero{color:red}' +
        '.hero .title{font-weight:700}.btn:not(.drawer){padding:1px}' +
        '@media (min-width:48em){.hero{color:green}}' +
        '@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}',
    );
  });

  it('reads the class attributes of the markup', () => {
    expect([...classes].sort()).toEqual(['btn', 'hero', 'title']);
  });
});
