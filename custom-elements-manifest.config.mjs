// Custom Elements Manifest analyzer settings (`npm run build` writes dist/custom-elements.json;
// scripts/docs.mjs turns it into docs/elements.md). The analyzer reads JSDoc tags on each element
// class (@summary @attr @prop @fires @slot @csspart @cssproperty) and lit's reactive properties;
// the two plugins below teach it Kite's own way of defining React-backed elements.
import { readFileSync } from 'node:fs';

/** `myProp` -> `my-prop`, as r2wc maps camelCase props to attributes. */
const kebab = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** The manifest type of each `reactElement` prop kind (shared/dom/react-element.ts). */
const PROP_TYPES = { string: 'string', number: 'number', boolean: 'boolean', json: 'object', property: 'unknown' };

/**
 * `defineElement('kite-x', KiteX)` (shared/dom/react-element.ts) registers a tag just as
 * `customElements.define` does, but the analyzer only knows the latter: record the definition so
 * the class gets its tag name.
 */
function defineElementCalls() {
  return {
    name: 'kite: defineElement calls',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'defineElement') return;
      const [tag, element] = node.arguments;
      if (!tag || !ts.isStringLiteralLike(tag) || !element || !ts.isIdentifier(element)) return;
      moduleDoc.exports = [
        ...(moduleDoc.exports ?? []),
        {
          kind: 'custom-element-definition',
          name: tag.text,
          declaration: { name: element.text, module: moduleDoc.path },
        },
      ];
    },
  };
}

/**
 * `class KiteX extends reactElement(View, { props: { clientId: 'string', open: 'boolean' } })`, or a mixin around that call:
 * each prop is a property, and all but `property` kinds are also an attribute. JSDoc on the class
 * (`@attr`, `@prop`) stays the source of descriptions; this only adds what JSDoc left out, so a
 * new prop shows up in the docs even before someone documents it.
 */
function reactElementProps() {
  return {
    name: 'kite: reactElement props',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      let base = node.heritageClauses?.[0]?.types?.[0]?.expression;
      // Through a mixin around it: `extends firstRenderInTurn(reactElement(View, { … }))`.
      while (base && ts.isCallExpression(base) && ts.isIdentifier(base.expression) && base.expression.text !== 'reactElement') base = base.arguments[0];
      if (!base || !ts.isCallExpression(base) || !ts.isIdentifier(base.expression) || base.expression.text !== 'reactElement') return;
      const options = base.arguments[1];
      if (!options || !ts.isObjectLiteralExpression(options)) return;
      const props = options.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'props')?.initializer;
      if (!props || !ts.isObjectLiteralExpression(props)) return;

      const classDoc = moduleDoc.declarations?.find((declaration) => declaration.name === node.name.text);
      if (!classDoc) return;
      // The superclass is a call, not a class the analyzer can follow; name the real base instead.
      classDoc.superclass = { name: 'HTMLElement' };
      classDoc.members ??= [];
      classDoc.attributes ??= [];
      for (const prop of props.properties) {
        if (!ts.isPropertyAssignment(prop) || !ts.isStringLiteralLike(prop.initializer)) continue;
        const name = prop.name.getText().replace(/^['"]|['"]$/g, '');
        const type = { text: PROP_TYPES[prop.initializer.text] ?? 'unknown' };
        let field = classDoc.members.find((member) => member.name === name);
        if (!field) classDoc.members.push((field = { kind: 'field', name }));
        field.type ??= type;
        if (prop.initializer.text === 'property') continue;
        const attributeName = kebab(name);
        field.attribute ??= attributeName;
        let attribute = classDoc.attributes.find((entry) => entry.name === attributeName);
        if (!attribute) classDoc.attributes.push((attribute = { name: attributeName }));
        attribute.type ??= type;
        attribute.fieldName ??= name;
        // One description for both: whichever JSDoc tag (@attr or @prop) gave it.
        if (!attribute.description && field.description) attribute.description = field.description;
        if (!field.description && attribute.description) field.description = attribute.description;
      }
    },
  };
}

export default {
  globs: ['components/**/*.element.ts'],
  outdir: 'dist',
  // Lit elements: reactive properties (`static properties`, `@property`) become attributes and fields.
  litelement: true,
  // Off: the analyzer would otherwise rewrite package.json's `customElements` field on every build.
  packagejson: false,
  // Only our own elements: no manifests of dependencies merged in.
  dependencies: false,
  plugins: [defineElementCalls(), reactElementProps()],
  // Sorted file order, so the same sources always give the same manifest (paths are relative
  // to the repo root, where the analyzer runs).
  overrideModuleCreation: ({ ts, globs }) =>
    [...globs].sort().map((glob) => ts.createSourceFile(glob, readFileSync(glob, 'utf8'), ts.ScriptTarget.ES2015, true)),
};
