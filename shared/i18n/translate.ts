/** Messages of one area in each language we have, English first. */
export type Catalogues<Key extends string> = { en: Record<Key, string> } & Record<string, Record<Key, string>>;

/** A `t(lang, key, values)` over `catalogues`: `{name}` placeholders filled, English when `lang` has none. */
export function translator<Key extends string>(catalogues: Catalogues<Key>) {
  return (lang: string, key: Key, values: Record<string, string> = {}): string =>
    (catalogues[lang] ?? catalogues.en)[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
