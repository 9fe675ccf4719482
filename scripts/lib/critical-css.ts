/**
 * The critical CSS of a prerendered page: the rules of the app's stylesheet that can apply to the
 * page's own markup. A selector is kept when every class it names (outside :not()) appears on an
 * element of the page; rules without classes (the element resets, the colour-scheme variables on
 * [data-mantine-color-scheme] that the head script switches), @keyframes and @font-face are always
 * kept. The whole stylesheet follows after the first paint (index.html's loader), so a selector
 * kept in error costs bytes, never looks.
 */

/** The class names used in `markup` (every class attribute's tokens). */
export function classesIn(markup: string): Set<string> {
  const classes = new Set<string>();
  for (const match of markup.matchAll(/\sclass="([^"]*)"/g))
    for (const name of (match[1] ?? '').split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/** Index of the `}` closing the block opened at `open` (a `{`), skipping strings and nested blocks. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      i = close === -1 ? css.length : close;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return css.length - 1;
}

/** Splits a selector list at its top-level commas (not those inside :is(), :where(), …). */
function selectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/** Whether every class a selector requires is on the page (classes under :not() require nothing). */
function canMatch(selector: string, classes: ReadonlySet<string>): boolean {
  const required = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  for (const match of required.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g))
    if (!classes.has(match[1] as string)) return false;
  return true;
}

/** The rules of `css` that can apply to a page using `classes` (see the module comment). */
export function criticalCss(css: string, classes: ReadonlySet<string>): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    const semicolon = css.indexOf(';', i);
    // A statement at-rule (@import, @charset, @layer a,b;) before the next block.
    if (
      semicolon !== -1 &&
      (open === -1 || semicolon < open) &&
      css.slice(i, semicolon).trim().startsWith('@')
    ) {
      out += css.slice(i, semicolon + 1);
      i = semicolon + 1;
      continue;
    }
    if (open === -1) break;
    const prelude = css.slice(i, open).trim();
    const end = blockEnd(css, open);
    const body = css.slice(open + 1, end);
    if (prelude.startsWith('@')) {
      if (/^@(media|supports|layer|container)\b/.test(prelude)) {
        const inner = criticalCss(body, classes);
        if (inner) out += `${prelude}{${inner}}`;
      } else out += `${prelude}{${body}}`; // @keyframes, @font-face, @property: whole
    } else {
      const kept = selectors(prelude).filter((selector) => canMatch(selector, classes));
      if (kept.length > 0) out += `${kept.join(',')}{${body}}`;
    }
    i = end + 1;
  }
  return out;
}
