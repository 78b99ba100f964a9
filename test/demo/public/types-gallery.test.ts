// The pop-up gallery (demo/public/types.html and types-he.html) against the code: every type,
// design number, classic/newer split, position, entry effect and background animation it names is
// one the record schema and the layout code have, and none of theirs is missing. The lists come
// from the schema itself (its refusal of an unknown value names the values it takes), so a type or
// an effect added to the code fails here until the gallery shows it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parsePoptinRecord } from '../../../shared/schema/poptin-record.schema.ts';
import { formatOf } from '../../../shared/logic/layout.ts';
import { FORMAT_AVAILABLE_COUNT, FORMAT_OLD_STYLE_UP_TO } from '../../../shared/constants/widget.ts';
import type { PoptinRecord, PoptinType } from '../../../shared/schema/poptin-record.ts';

const read = (path: string) => readFileSync(new URL(`../../../demo/${path}`, import.meta.url), 'utf8');
const recordOf = (name: string, lang: string) => JSON.parse(read(`poptins/${lang === 'he' ? 'he-' : ''}${name}.json`)) as PoptinRecord;
const LIGHTBOX = recordOf('lightbox', 'en');

/** The values the schema takes at the field `path`: a value no schema takes goes there, and the refusal lists them. */
function schemaValues(...path: string[]): string[] {
  const record = structuredClone(LIGHTBOX) as unknown as Record<string, unknown>;
  let field = record;
  for (const key of path.slice(0, -1)) field = field[key] as Record<string, unknown>;
  field[path.at(-1)!] = '\u0000not a value';
  const result = parsePoptinRecord(record);
  assert.ok(!result.ok);
  return [...result.error.matchAll(/"([^"]+)"/g)].map(([, value]) => value);
}
const TYPES = schemaValues('poptin_type') as PoptinType[];
const POSITIONS = schemaValues('design_properties', 'poptin_location');
const EFFECTS = schemaValues('design_properties', 'poptin_design_entry_effect');
const BACKGROUNDS = schemaValues('design', 'background_animation');

const attributesOf = (tag: string) => Object.fromEntries([...tag.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].slice(1).map(([, name, value]) => [name, value ?? '']));
/** The gallery's buttons in `html`, their data attributes by name (without `data-`). */
const buttonsIn = (html: string) =>
  [...html.matchAll(/<button type="button"([^>]*)>/g)].map(([, attributes]) => attributesOf(`<button${attributes}>`)).filter((button) => 'data-record' in button);
const sorted = (values: Iterable<string>) => [...values].sort();

/** A range cell's numbers: `1–6` as [1, 6], `7` as [7, 7], a word (none) as null. */
function rangeIn(cell: string): [number, number] | null {
  const text = /<span class="types-range">([^<]*)<\/span>/.exec(cell)?.[1] ?? '';
  const match = /^(\d+)(?:–(\d+))?$/.exec(text);
  return match ? [Number(match[1]), Number(match[2] ?? match[1])] : null;
}

for (const [page, lang] of [['types.html', 'en'], ['types-he.html', 'he']] as const) {
  const html = read(`public/${page}`);
  describe(`the pop-up gallery (${page}) agrees with the code`, () => {
    it('its design table has a row per type of the record schema, each with the type\'s design count and classic/newer split', () => {
      const rows = [...html.matchAll(/<tr data-type="([a-z]+)">([\s\S]*?)<\/tr>/g)];
      assert.deepEqual(sorted(rows.map(([, type]) => type)), sorted(TYPES), 'one row per type, no other');
      for (const [, type, row] of rows) {
        const available = FORMAT_AVAILABLE_COUNT[type as keyof typeof FORMAT_AVAILABLE_COUNT] ?? 1;
        const classicUpTo = Math.min(FORMAT_OLD_STYLE_UP_TO[type] ?? 0, available);
        assert.equal(Number(/<td class="types-count">(\d+)<\/td>/.exec(row)?.[1]), available, `${type}: its design count`);
        const classic = /<td class="types-classic">[\s\S]*?<\/td>/.exec(row)![0];
        const newer = /<td class="types-newer">[\s\S]*?<\/td>/.exec(row)![0];
        assert.deepEqual(rangeIn(classic), classicUpTo ? [1, classicUpTo] : null, `${type}: its classic designs`);
        assert.deepEqual(rangeIn(newer), classicUpTo < available ? [classicUpTo + 1, available] : null, `${type}: its newer designs`);
        for (const [cell, oldStyle] of [[classic, true], [newer, false]] as const) {
          const buttons = buttonsIn(cell);
          assert.equal(buttons.length > 0, rangeIn(cell) !== null, `${type}: an example of each family it has, none of one it lacks`);
          for (const button of buttons) {
            const record = recordOf(button['data-record'], lang);
            const format = button['data-format'] ?? record.poptin_format ?? '';
            const number = Number(/_format_(\d+)$/.exec(format)?.[1]);
            assert.equal(record.poptin_type, type, `${format}: opens a ${type}`);
            assert.ok(format.startsWith(`${type}_format_`) && number >= 1 && number <= available, `${format}: a design the ${type} has`);
            assert.equal(formatOf(type as PoptinType, format).oldStyle, oldStyle, `${format}: in the column the code puts it`);
          }
        }
      }
    });

    it('its type buttons open every type, and its status words name every type and position', () => {
      const section = /<section aria-labelledby="types-heading">[\s\S]*?<\/section>/.exec(html)![0];
      assert.deepEqual(sorted(new Set(buttonsIn(section).map((button) => recordOf(button['data-record'], lang).poptin_type))), sorted(TYPES));
      const words = JSON.parse(/<script type="application\/json" id="types-words">([^<]*)<\/script>/.exec(html)![1]) as Record<string, Record<string, string>>;
      assert.deepEqual(sorted(Object.keys(words.types)), sorted(TYPES));
      assert.deepEqual(sorted(Object.keys(words.positions)), sorted(POSITIONS));
      assert.deepEqual(sorted(Object.keys(words.layouts)), ['horizontal', 'vertical']);
    });

    it('its positions, entry effects and background animations are the schema\'s, all of them', () => {
      const buttons = buttonsIn(html);
      const lightboxValues = (name: string) => sorted(new Set(buttons.filter((button) => button['data-record'] === 'lightbox' && name in button).map((button) => button[name])));
      assert.deepEqual(lightboxValues('data-location'), sorted(POSITIONS));
      assert.deepEqual(lightboxValues('data-effect'), sorted(EFFECTS));
      assert.deepEqual(lightboxValues('data-background'), sorted(BACKGROUNDS));
    });
  });
}
