// Terser leaves strings alone, so the CSS in our `*.styles.ts` template literals would ship with
// its comments and indentation. This rollup plugin squeezes the literal parts of those templates
// (the `${...}` holes are left as they are) before they are compiled.
const STYLES_FILE = /\.styles\.ts$/;

/** An attribute selector's quoted value that may go bare: an identifier (`[part='close']` is `[part=close]`). */
const BARE_VALUE = /^(['"])(-?[A-Za-z_][\w-]*)\1$/;

/** CSS text without needless white space (comments are gone already); quoted strings kept exactly, but for attribute selector values. */
export function minifyCss(css) {
  let out = '';
  for (const { 0: token, 1: quoted, 2: code, index } of css.matchAll(/('(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*")|([^'"]+|['"])/g)) {
    if (quoted) {
      const bare = out.endsWith('=') && css[index + token.length] === ']' && BARE_VALUE.exec(quoted);
      out += bare ? bare[2] : quoted;
      continue;
    }
    out += code
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};])\s*/g, '$1')
      .replace(/:\s+/g, ':');
  }
  return out.replace(/;}/g, '}');
}

/** Each backtick template's literal parts minified; `${...}` holes (without nested templates) kept. */
export function minifyStyleTemplates(source) {
  return source.replace(/`([^`]*)`/g, (_whole, body) => {
    // Comments first, as their words may hold quotes (`the spec's`).
    const parts = body.replace(/\/\*[\s\S]*?\*\//g, '').trim().split(/(\$\{[^}]*\})/);
    return '`' + parts.map((part) => (part.startsWith('${') ? part : minifyCss(part))).join('') + '`';
  });
}

export const minifyStyles = () => ({
  name: 'minify-styles',
  transform(code, id) {
    if (!STYLES_FILE.test(id)) return null;
    return { code: minifyStyleTemplates(code), map: null };
  },
});
