// `npm run docs` (also the last step of `npm run build`): writes docs/elements.md, the element
// reference, from dist/custom-elements.json. Same manifest in, same bytes out: elements are sorted
// by tag and every list keeps the manifest's order, which follows the source.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const MANIFEST = 'dist/custom-elements.json';
const OUTPUT = 'docs/elements.md';

/** Lifecycle methods every element has; listing them would only hide the element's own API. */
const LIFECYCLE_METHODS = new Set([
  'connectedCallback',
  'disconnectedCallback',
  'attributeChangedCallback',
  'adoptedCallback',
  'createRenderRoot',
  'render',
  'update',
  'updated',
  'firstUpdated',
  'willUpdate',
  'shouldUpdate',
]);

/** Text for one table cell: pipes escaped (also inside code, as GFM requires), line breaks kept. */
const cell = (text) =>
  String(text ?? '')
    .trim()
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, '<br>');

/** Inline code for a cell, or empty when there is nothing to show. */
const code = (text) => {
  const value = String(text ?? '').trim().replace(/\s+/g, ' ');
  if (!value) return '';
  const fence = value.includes('`') ? '``' : '`';
  return cell(`${fence}${value}${fence}`);
};

export const isPublic = (member) =>
  !member.static && !member.privacy?.match(/private|protected/) && !/^[_#]/.test(member.name);

/** A markdown table, or nothing when there are no rows (empty sections are left out). */
function table(title, headers, rows) {
  if (!rows.length) return [];
  return [
    `### ${title}`,
    '',
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
  ];
}

function methodSignature(method) {
  const params = (method.parameters ?? [])
    .map((param) => `${param.rest ? '...' : ''}${param.name}${param.optional ? '?' : ''}${param.type?.text ? `: ${param.type.text}` : ''}`)
    .join(', ');
  const returns = method.return?.type?.text ? `: ${method.return.type.text}` : '';
  return `${method.name}(${params})${returns}`;
}

function elementSection(element) {
  const lines = [`## \`${element.tagName ?? element.name}\``, ''];
  if (!element.tagName) lines.push('No tag name found: the analyzer saw no `customElements.define` or `defineElement` call for it.', '');
  if (element.deprecated) lines.push(`**Deprecated.** ${element.deprecated === 'true' ? '' : element.deprecated}`.trim(), '');
  if (element.summary) lines.push(element.summary.trim(), '');
  if (element.description && element.description.trim() !== element.summary?.trim()) lines.push(element.description.trim(), '');
  lines.push(`Class \`${element.name}\` in \`${element.modulePath}\`.`, '');

  const members = (element.members ?? []).filter(isPublic);
  lines.push(
    ...table(
      'Attributes',
      ['Attribute', 'Type', 'Default', 'Description'],
      (element.attributes ?? []).map((attr) => [code(attr.name), code(attr.type?.text), code(attr.default), cell(attr.description)]),
    ),
    ...table(
      'Properties',
      ['Property', 'Attribute', 'Type', 'Default', 'Description'],
      members
        .filter((member) => member.kind === 'field')
        .map((field) => [
          code(field.name) + (field.readonly ? ' (read-only)' : ''),
          code(field.attribute),
          code(field.type?.text),
          code(field.default),
          cell(field.description),
        ]),
    ),
    ...table(
      'Methods',
      ['Method', 'Description'],
      members
        .filter((member) => member.kind === 'method' && !LIFECYCLE_METHODS.has(member.name))
        .map((method) => [code(methodSignature(method)), cell(method.description)]),
    ),
    ...table(
      'Events',
      ['Event', 'Detail', 'Description'],
      (element.events ?? [])
        .filter((event) => event.name)
        .map((event) => [code(event.name), code(event.type?.text), cell(event.description)]),
    ),
    ...table(
      'Slots',
      ['Slot', 'Description'],
      (element.slots ?? []).map((slot) => [slot.name ? code(slot.name) : '(default)', cell(slot.description)]),
    ),
    ...table(
      'CSS parts',
      ['Part', 'Description'],
      (element.cssParts ?? []).map((part) => [code(part.name), cell(part.description)]),
    ),
    ...table(
      'CSS custom properties',
      ['Property', 'Default', 'Description'],
      (element.cssProperties ?? []).map((prop) => [code(prop.name), code(prop.default), cell(prop.description)]),
    ),
  );
  return lines;
}

/** Every custom element class in the manifest, with the path of its module, sorted by tag. */
export function elementsOf(manifest) {
  const elements = [];
  for (const module of manifest.modules ?? []) {
    for (const declaration of module.declarations ?? []) {
      if (declaration.customElement) elements.push({ ...declaration, modulePath: module.path });
    }
  }
  const key = (element) => element.tagName ?? `~${element.name}`; // untagged classes last
  return elements.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

export function renderElementsDoc(manifest) {
  const elements = elementsOf(manifest);
  const lines = [
    '# Kite elements',
    '',
    '<!-- Generated file: do not edit. Change the JSDoc in components/ and run `npm run build` (or `npm run docs`). -->',
    `Generated by \`npm run docs\` (scripts/docs.mjs, also run by \`npm run build\`) from \`${MANIFEST}\`; do not edit by hand.`,
    '',
    '| Element | Summary |',
    '| --- | --- |',
    ...elements.map((element) => {
      const name = element.tagName ?? element.name;
      return `| [\`${name}\`](#${name.toLowerCase().replace(/[^a-z0-9-]/g, '')}) | ${cell(element.summary ?? element.description?.split('\n')[0])} |`;
    }),
    '',
  ];
  for (const element of elements) lines.push(...elementSection(element));
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

function main() {
  process.chdir(fileURLToPath(new URL('..', import.meta.url))); // paths are relative to the repo root
  if (!existsSync(MANIFEST)) {
    console.error(`docs: ${MANIFEST} not found: run \`npm run build\` first.`);
    return 1;
  }
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  const text = renderElementsDoc(manifest);
  mkdirSync(dirname(OUTPUT), { recursive: true });
  writeFileSync(OUTPUT, text);
  console.log(`docs: wrote ${OUTPUT} (${elementsOf(manifest).length} elements)`);
  return 0;
}

// Runs only as a script, so a test can import renderElementsDoc without writing files.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();
