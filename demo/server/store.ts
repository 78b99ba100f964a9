/**
 * Every SQL statement of the server, prepared once. Handlers call these typed functions and never
 * build SQL; values always travel as bound parameters.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from './db.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';

export interface ClientRow {
  id: string;
  name: string;
  restricted: 0 | 1;
  /** A refusal shows the upgrade pop-up (`is_client_restriction`) instead of being logged only. */
  client_restriction: 0 | 1;
  /** Views allowed in all; null: no limit. */
  max_views: number | null;
  /** The upgrade setting as JSON text (widget spec section 3 "Upgrade setting"), or null. */
  upgrade_setting: string | null;
}

export interface PoptinRow {
  poptin_id: string;
  client_id: string;
  active: 0 | 1;
  /** The record as JSON text. */
  record: string;
  created_at: string;
  updated_at: string;
}

/** A stored pop-up with its record parsed. */
export interface Poptin {
  poptin_id: string;
  client_id: string;
  active: boolean;
  record: PoptinRecord;
  created_at: string;
  updated_at: string;
}

const toPoptin = (row: PoptinRow): Poptin => ({
  poptin_id: row.poptin_id,
  client_id: row.client_id,
  active: row.active === 1,
  record: JSON.parse(row.record) as PoptinRecord,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export interface ViewInput {
  poptin_id: string;
  client_id: string;
  viewer_id: string;
  trigger: string | null;
  device_type: 'mobile' | 'desktop';
  url: string;
  store_integration: string | null;
  store_integration_customer_id: string | null;
  converted_email: string | null;
  ip: string;
  /** The visitor id cookie's value, when the call carried one: the viewer whose view counts once. */
  visitor_id: string | null;
  /** The caller's network (`networkOf`): the viewer when there is no visitor id, and the bound on fresh ids. */
  network: string;
  /** ISO 8601, from the server's clock. */
  created_at: string;
}

/** What recording a view did: counted, or not (the viewer's view this period, or its network's share used up). */
export type ViewOutcome =
  | { kind: 'counted'; id: string }
  /** This viewer's view of the pop-up this period already counted: its id. */
  | { kind: 'repeated'; id: string }
  | { kind: 'network_full' };

export interface CloseInput {
  poptin_id: string;
  client_id: string;
  url: string;
  close_trigger: string | null;
  converted_email: string | null;
  store_integration: string | null;
  store_integration_customer_id: string | null;
  ip: string;
}

export interface ActivityInput {
  client_id: string;
  kind: 'conversion_activity' | 'website_session';
  poptin_id: string | null;
  activity: string | null;
  email: string | null;
  url_host: string;
  store_integration: string | null;
  store_integration_customer_id: string | null;
}

export interface ConversionInput {
  conversion_key: string;
  poptin_id: string;
  client_id: string;
  viewer_id: string;
  visitor_id: string | null;
  poptin_view_id: string | null;
  email: string | null;
  name: string | null;
  phone: string | null;
  url: string | null;
  /** Every field as sent. */
  fields: Record<string, unknown>;
  new_extra_fields: unknown[];
  ip: string;
}

/** What saving a conversion did. */
export type ConversionOutcome =
  | { kind: 'created' | 'repeated'; conversion_id: string }
  /** The key was already used for another pop-up. */
  | { kind: 'conflict' }
  /** A new lead for a pop-up that takes none (switched off). */
  | { kind: 'inactive' };

export interface LeadRow {
  /** The row's place in insertion order: what a page of leads continues after. */
  seq: number;
  conversion_id: string;
  poptin_id: string;
  client_id: string;
  viewer_id: string;
  visitor_id: string | null;
  poptin_view_id: string | null;
  email: string | null;
  name: string | null;
  phone: string | null;
  url: string | null;
  fields_json: string;
  new_extra_fields: string;
  created_at: string;
}

export interface StatsRow {
  poptin_id: string;
  client_id: string;
  poptin_name: string | null;
  active: 0 | 1;
  views: number;
  conversions: number;
  closes: number;
}

export interface CartLineRow {
  variant_id: number;
  quantity: number;
}

/** One visitor's draw of a gamified pop-up's prize (POST /api/display/play). */
export interface PlayInput {
  poptin_id: string;
  visitor_id: string;
  client_id: string;
  prize_index: number;
  prize_id: string | null;
  prize_label: string;
  created_at: string;
}

/** A shop's price rule (migration 008): a percentage off the cart from a subtotal on. */
export interface PriceRuleRow {
  id: number;
  title: string;
  percent_off: number;
  min_subtotal_cents: number;
}

export type Store = ReturnType<typeof createStore>;

export function createStore(db: Database) {
  const q = {
    client: db.prepare<[string], ClientRow>(
      'SELECT id, name, restricted, client_restriction, max_views, upgrade_setting FROM clients WHERE id = ?',
    ),
    clientViews: db.prepare<[string], { views: number }>('SELECT count(*) AS views FROM views WHERE client_id = ?'),
    poptin: db.prepare<[string], PoptinRow>('SELECT * FROM poptins WHERE poptin_id = ?'),
    activePoptins: db.prepare<[string], PoptinRow>(
      'SELECT * FROM poptins WHERE client_id = ? AND active = 1 ORDER BY rowid',
    ),
    allPoptins: db.prepare<[], PoptinRow>('SELECT * FROM poptins ORDER BY rowid'),
    seedPoptin: db.prepare<[{ poptin_id: string; client_id: string; active: number; record: string }]>(
      'INSERT INTO poptins (poptin_id, client_id, active, record) VALUES (@poptin_id, @client_id, @active, @record) ON CONFLICT (poptin_id) DO NOTHING',
    ),
    updatePoptin: db.prepare<[{ poptin_id: string; record: string | null; active: number | null }]>(
      `UPDATE poptins SET record = coalesce(@record, record), active = coalesce(@active, active),
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE poptin_id = @poptin_id`,
    ),
    insertSecret: db.prepare<[Buffer]>('INSERT INTO server_secret (id, key) VALUES (1, ?) ON CONFLICT (id) DO NOTHING'),
    secret: db.prepare<[], { key: Buffer }>('SELECT key FROM server_secret WHERE id = 1'),
    insertView: db.prepare<[ViewInput & { id: string }]>(
      `INSERT INTO views (id, poptin_id, client_id, viewer_id, trigger, device_type, url, store_integration,
         store_integration_customer_id, converted_email, ip, visitor_id, network, created_at)
       VALUES (@id, @poptin_id, @client_id, @viewer_id, @trigger, @device_type, @url, @store_integration,
         @store_integration_customer_id, @converted_email, @ip, @visitor_id, @network, @created_at)`,
    ),
    // Without a visitor id the viewer is the network.
    viewerView: db.prepare<[{ poptin_id: string; visitor_id: string | null; network: string; since: string }], { id: string }>(
      `SELECT id FROM views WHERE poptin_id = @poptin_id AND created_at > @since
         AND (visitor_id = @visitor_id OR (@visitor_id IS NULL AND visitor_id IS NULL AND network = @network))
       ORDER BY created_at DESC LIMIT 1`,
    ),
    networkViews: db.prepare<[{ poptin_id: string; network: string; since: string }], { views: number }>(
      'SELECT count(*) AS views FROM views WHERE poptin_id = @poptin_id AND network = @network AND created_at > @since',
    ),
    insertClose: db.prepare<[CloseInput]>(
      `INSERT INTO closes (poptin_id, client_id, url, close_trigger, converted_email, store_integration,
         store_integration_customer_id, ip)
       VALUES (@poptin_id, @client_id, @url, @close_trigger, @converted_email, @store_integration,
         @store_integration_customer_id, @ip)`,
    ),
    insertActivity: db.prepare<[ActivityInput]>(
      `INSERT INTO activities (client_id, kind, poptin_id, activity, email, url_host, store_integration,
         store_integration_customer_id)
       VALUES (@client_id, @kind, @poptin_id, @activity, @email, @url_host, @store_integration,
         @store_integration_customer_id)`,
    ),
    conversionByKey: db.prepare<[string], { id: string; poptin_id: string }>(
      'SELECT id, poptin_id FROM conversions WHERE conversion_key = ?',
    ),
    insertConversion: db.prepare(
      `INSERT INTO conversions (id, conversion_key, poptin_id, client_id, viewer_id, visitor_id, poptin_view_id,
         email, name, phone, url, fields_json, new_extra_fields, ip)
       VALUES (@id, @conversion_key, @poptin_id, @client_id, @viewer_id, @visitor_id, @poptin_view_id,
         @email, @name, @phone, @url, @fields_json, @new_extra_fields, @ip)`,
    ),
    // Newest first by rowid, which only grows (leads are never deleted): unlike created_at, it is
    // unique, so a page boundary never splits or repeats leads saved in the same second.
    leads: db.prepare<[{ poptin_id: string | null; before: number | null; limit: number }], LeadRow>(
      `SELECT rowid AS seq, id AS conversion_id, poptin_id, client_id, viewer_id, visitor_id, poptin_view_id, email,
         name, phone, url, fields_json, new_extra_fields, created_at
       FROM conversions
       WHERE (@poptin_id IS NULL OR poptin_id = @poptin_id) AND (@before IS NULL OR rowid < @before)
       ORDER BY rowid DESC LIMIT @limit`,
    ),
    stats: db.prepare<[], StatsRow>(
      `SELECT p.poptin_id, p.client_id, json_extract(p.record, '$.poptin_name') AS poptin_name, p.active,
         (SELECT count(*) FROM views v WHERE v.poptin_id = p.poptin_id) AS views,
         (SELECT count(*) FROM conversions c WHERE c.poptin_id = p.poptin_id) AS conversions,
         (SELECT count(*) FROM closes x WHERE x.poptin_id = p.poptin_id) AS closes
       FROM poptins p ORDER BY p.rowid`,
    ),
    cartExists: db.prepare<[string], { token: string }>('SELECT token FROM carts WHERE token = ?'),
    createCart: db.prepare<[string]>('INSERT INTO carts (token) VALUES (?)'),
    touchCart: db.prepare<[string]>("UPDATE carts SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE token = ?"),
    cartLines: db.prepare<[string], CartLineRow>(
      'SELECT variant_id, quantity FROM cart_items WHERE cart_token = ? ORDER BY added_at, rowid',
    ),
    addToCart: db.prepare<[{ token: string; variant_id: number; quantity: number; max: number }]>(
      `INSERT INTO cart_items (cart_token, variant_id, quantity) VALUES (@token, @variant_id, min(@quantity, @max))
       ON CONFLICT (cart_token, variant_id) DO UPDATE SET quantity = min(quantity + excluded.quantity, @max)`,
    ),
    setCartLine: db.prepare<[{ token: string; variant_id: number; quantity: number }]>(
      'UPDATE cart_items SET quantity = @quantity WHERE cart_token = @token AND variant_id = @variant_id',
    ),
    removeCartLine: db.prepare<[{ token: string; variant_id: number }]>(
      'DELETE FROM cart_items WHERE cart_token = @token AND variant_id = @variant_id',
    ),
    clearCart: db.prepare<[string]>('DELETE FROM cart_items WHERE cart_token = ?'),
    shop: db.prepare<[string], { client_id: string; platform: string }>('SELECT client_id, platform FROM shops WHERE domain = ?'),
    priceRules: db.prepare<[string], PriceRuleRow>(
      'SELECT id, title, percent_off, min_subtotal_cents FROM price_rules WHERE client_id = ? AND active = 1 ORDER BY id',
    ),
    shopPriceRules: db.prepare<[string], PriceRuleRow>(
      `SELECT r.id, r.title, r.percent_off, r.min_subtotal_cents FROM shops s JOIN price_rules r ON r.client_id = s.client_id
       WHERE s.domain = ? AND r.active = 1 ORDER BY r.id`,
    ),
    insertOrderedProduct: db.prepare<
      [{ client_id: string; customer_id: string | null; product_id: string; product_name: string | null; category: string | null; source_table: string | null }]
    >(
      `INSERT INTO ordered_products (client_id, customer_id, product_id, product_name, category, source_table)
       VALUES (@client_id, @customer_id, @product_id, @product_name, @category, @source_table)`,
    ),
    insertContact: db.prepare<[{ form_id: string | null; fields_json: string; ip: string }]>(
      'INSERT INTO contact_messages (form_id, fields_json, ip) VALUES (@form_id, @fields_json, @ip)',
    ),
    contacts: db.prepare<[{ limit: number }], { id: number; form_id: string | null; fields_json: string; created_at: string }>(
      'SELECT id, form_id, fields_json, created_at FROM contact_messages ORDER BY id DESC LIMIT @limit',
    ),
    insertPlay: db.prepare<[PlayInput]>(
      `INSERT INTO game_plays (poptin_id, visitor_id, client_id, prize_index, prize_id, prize_label, created_at)
       VALUES (@poptin_id, @visitor_id, @client_id, @prize_index, @prize_id, @prize_label, @created_at)
       ON CONFLICT (poptin_id, visitor_id) DO NOTHING`,
    ),
    play: db.prepare<[{ poptin_id: string; visitor_id: string }], { prize_index: number }>(
      'SELECT prize_index FROM game_plays WHERE poptin_id = @poptin_id AND visitor_id = @visitor_id',
    ),
    insertLimitLog: db.prepare<[{ client_id: string; status: string; setting_id: string | null }]>(
      'INSERT INTO limit_logs (client_id, status, setting_id) VALUES (@client_id, @status, @setting_id)',
    ),
  };

  const saveConversion = db.transaction((input: ConversionInput, takesNew: boolean): ConversionOutcome => {
    const existing = q.conversionByKey.get(input.conversion_key);
    if (existing) {
      return existing.poptin_id === input.poptin_id ? { kind: 'repeated', conversion_id: existing.id } : { kind: 'conflict' };
    }
    if (!takesNew) return { kind: 'inactive' };
    const id = randomUUID();
    const { fields, new_extra_fields, ...columns } = input;
    q.insertConversion.run({
      ...columns,
      id,
      fields_json: JSON.stringify(fields),
      new_extra_fields: JSON.stringify(new_extra_fields),
    });
    return { kind: 'created', conversion_id: id };
  });

  const recordView = db.transaction((input: ViewInput, since: string, viewersPerNetwork: number): ViewOutcome => {
    const window = { poptin_id: input.poptin_id, visitor_id: input.visitor_id, network: input.network, since };
    const earlier = q.viewerView.get(window);
    if (earlier) return { kind: 'repeated', id: earlier.id };
    if ((q.networkViews.get(window)?.views ?? 0) >= viewersPerNetwork) return { kind: 'network_full' };
    const id = randomUUID();
    q.insertView.run({ ...input, id });
    return { kind: 'counted', id };
  });

  return {
    client: (id: string) => q.client.get(id),
    poptin: (id: string) => {
      const row = q.poptin.get(id);
      return row && toPoptin(row);
    },
    activePoptins: (clientId: string) => q.activePoptins.all(clientId).map(toPoptin),
    allPoptins: () => q.allPoptins.all().map(toPoptin),
    /** Views recorded for the client's pop-ups, for its `max_views` limit. */
    clientViews: (clientId: string) => q.clientViews.get(clientId)?.views ?? 0,
    /**
     * Inserts the pop-up unless one with its id exists; true when inserted. A seeded record file
     * may name another existing client in a top-level `client_id` (the demo's rules page gives
     * each section its own client); otherwise it goes to `clientId`.
     */
    seedPoptin: (clientId: string, record: PoptinRecord, active: boolean) => {
      const own = (record as { client_id?: unknown }).client_id;
      const owner = typeof own === 'string' && q.client.get(own) ? own : clientId;
      return q.seedPoptin.run({ poptin_id: record.poptin_id, client_id: owner, active: active ? 1 : 0, record: JSON.stringify(record) }).changes === 1;
    },
    updatePoptin: (id: string, change: { record?: PoptinRecord; active?: boolean }) =>
      q.updatePoptin.run({
        poptin_id: id,
        record: change.record ? JSON.stringify(change.record) : null,
        active: change.active === undefined ? null : change.active ? 1 : 0,
      }).changes === 1,
    /**
     * The signing key: `candidate` is stored unless a key exists, then the stored one is read, so
     * servers starting together on one database all end up with the first one written.
     */
    secret: (candidate: Buffer): Buffer => {
      q.insertSecret.run(candidate);
      return q.secret.get()!.key;
    },
    /**
     * Stores and counts the view unless this viewer's view of the pop-up since `since` already
     * counted, or `viewersPerNetwork` viewers from its network did; checked and stored at once.
     */
    recordView: (input: ViewInput, since: string, viewersPerNetwork: number) => recordView(input, since, viewersPerNetwork),
    insertClose: (input: CloseInput) => void q.insertClose.run(input),
    insertActivity: (input: ActivityInput) => void q.insertActivity.run(input),
    /**
     * Saves a conversion once per conversion_key. A retry of a stored one is answered even when
     * `takesNew` is false (the pop-up was switched off since): it was taken, so it is not refused.
     */
    saveConversion: (input: ConversionInput, takesNew: boolean) => saveConversion(input, takesNew),
    /** Up to `limit` leads, newest first, older than the lead numbered `before` when given. */
    leads: (poptinId: string | null, before: number | null, limit: number) => q.leads.all({ poptin_id: poptinId, before, limit }),
    stats: () => q.stats.all(),
    cartExists: (token: string) => q.cartExists.get(token) !== undefined,
    createCart: (token: string) => void q.createCart.run(token),
    cartLines: (token: string) => q.cartLines.all(token),
    addToCart: db.transaction((token: string, lines: { variant_id: number; quantity: number }[], max: number) => {
      for (const line of lines) q.addToCart.run({ token, ...line, max });
      q.touchCart.run(token);
    }),
    /** Sets a line's quantity; 0 removes it. */
    setCartLine: db.transaction((token: string, variantId: number, quantity: number) => {
      if (quantity === 0) q.removeCartLine.run({ token, variant_id: variantId });
      else q.setCartLine.run({ token, variant_id: variantId, quantity });
      q.touchCart.run(token);
    }),
    clearCart: (token: string) => void q.clearCart.run(token),
    saveOrderedProducts: db.transaction(
      (
        rows: { client_id: string; customer_id: string | null; product_id: string; product_name: string | null; category: string | null; source_table: string | null }[],
      ) => {
        for (const row of rows) q.insertOrderedProduct.run(row);
      },
    ),
    /**
     * Stores `input` as the visitor's draw of the pop-up unless one is stored already; answers the
     * stored draw's prize index either way (insert or nothing, then read: the first draw stands).
     */
    recordPlay: (input: PlayInput): number => {
      q.insertPlay.run(input);
      return q.play.get(input)!.prize_index;
    },
    insertLimitLog: (row: { client_id: string; status: string; setting_id: string | null }) => void q.insertLimitLog.run(row),
    insertContact: (formId: string | null, fields: Record<string, unknown>, ip: string) =>
      Number(q.insertContact.run({ form_id: formId, fields_json: JSON.stringify(fields), ip }).lastInsertRowid),
    contacts: (limit: number) =>
      q.contacts.all({ limit }).map(({ fields_json, ...row }) => ({ ...row, fields: JSON.parse(fields_json) as unknown })),
    /** The client and platform of the shop on `domain` (a host name), or undefined. */
    shop: (domain: string) => q.shop.get(domain.toLowerCase()),
    /** A client's active price rules, oldest first. */
    priceRules: (clientId: string) => q.priceRules.all(clientId),
    /** The active price rules of the shop on `domain` (a host name), oldest first; none for a host that is no shop. */
    shopPriceRules: (domain: string) => q.shopPriceRules.all(domain.toLowerCase()),
  };
}
