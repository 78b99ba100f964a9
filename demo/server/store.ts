/**
 * Every SQL statement of the server's display and store data, written once for both engines
 * (database.ts). Handlers call these typed functions and never build SQL; values always travel as
 * bound parameters. Over 400 lines: the row types and the statements of one schema belong
 * together, so a column change is one file's edit.
 */
import { randomUUID } from 'node:crypto';
import { byDialect, statement, type Database } from './database.ts';
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

/** Views or conversions of one pop-up on one UTC day (`YYYY-MM-DD`). */
export interface DailyRow {
  poptin_id: string;
  day: string;
  count: number;
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

/** A product a browse-abandonment flow saved (POST save-ordered-products). */
export interface OrderedProductInput {
  client_id: string;
  customer_id: string | null;
  product_id: string;
  product_name: string | null;
  category: string | null;
  source_table: string | null;
}

export type Store = ReturnType<typeof createStore>;

/** What a start did with one record file (see `seedFromFile`). */
export type SeedOutcome = 'seeded' | 'updated' | 'kept' | 'unchanged';

export function createStore(db: Database) {
  const q = {
    client: statement<[string], ClientRow>(
      'SELECT id, name, restricted, client_restriction, max_views, upgrade_setting FROM clients WHERE id = ?',
    ),
    insertClient: statement<[{ id: string; name: string }]>('INSERT INTO clients (id, name) VALUES (@id, @name) ON CONFLICT (id) DO NOTHING'),
    clientViews: statement<[string], { views: number }>('SELECT count(*) AS views FROM views WHERE client_id = ?'),
    poptin: statement<[string], PoptinRow>('SELECT * FROM poptins WHERE poptin_id = ?'),
    activePoptins: statement<[string], PoptinRow>(
      'SELECT * FROM poptins WHERE client_id = ? AND active = 1 ORDER BY rowid',
    ),
    allPoptins: statement<[], PoptinRow>('SELECT * FROM poptins ORDER BY rowid'),
    // One time for both columns: a seeded row the owner never changed keeps updated_at = created_at.
    seedPoptin: statement<[{ poptin_id: string; client_id: string; active: number; record: string; now: string }]>(
      `INSERT INTO poptins (poptin_id, client_id, active, record, created_at, updated_at)
       VALUES (@poptin_id, @client_id, @active, @record, @now, @now) ON CONFLICT (poptin_id) DO NOTHING`,
    ),
    // Back to "as seeded" (updated_at = created_at): the next start may refresh it from its file again.
    reseedPoptin: statement<[{ poptin_id: string; active: number; record: string }]>(
      'UPDATE poptins SET record = @record, active = @active, updated_at = created_at WHERE poptin_id = @poptin_id',
    ),
    updatePoptin: statement<[{ poptin_id: string; record: string | null; active: number | null; now: string }]>(
      `UPDATE poptins SET record = coalesce(@record, record), active = coalesce(@active, active),
         updated_at = @now WHERE poptin_id = @poptin_id`,
    ),
    insertSecret: statement<[Buffer]>('INSERT INTO server_secret (id, key) VALUES (1, ?) ON CONFLICT (id) DO NOTHING'),
    secret: statement<[], { key: Buffer }>('SELECT key FROM server_secret WHERE id = 1'),
    insertView: statement<[ViewInput & { id: string }]>(
      `INSERT INTO views (id, poptin_id, client_id, viewer_id, trigger, device_type, url, store_integration,
         store_integration_customer_id, converted_email, ip, visitor_id, network, created_at)
       VALUES (@id, @poptin_id, @client_id, @viewer_id, @trigger, @device_type, @url, @store_integration,
         @store_integration_customer_id, @converted_email, @ip, @visitor_id, @network, @created_at)`,
    ),
    // Without a visitor id the viewer is the network.
    viewerView: statement<[{ poptin_id: string; visitor_id: string | null; network: string; since: string }], { id: string }>(
      `SELECT id FROM views WHERE poptin_id = @poptin_id AND created_at > @since
         AND (visitor_id = @visitor_id OR (CAST(@visitor_id AS TEXT) IS NULL AND visitor_id IS NULL AND network = @network))
       ORDER BY created_at DESC LIMIT 1`,
    ),
    networkViews: statement<[{ poptin_id: string; network: string; since: string }], { views: number }>(
      'SELECT count(*) AS views FROM views WHERE poptin_id = @poptin_id AND network = @network AND created_at > @since',
    ),
    insertClose: statement<[CloseInput]>(
      `INSERT INTO closes (poptin_id, client_id, url, close_trigger, converted_email, store_integration,
         store_integration_customer_id, ip)
       VALUES (@poptin_id, @client_id, @url, @close_trigger, @converted_email, @store_integration,
         @store_integration_customer_id, @ip)`,
    ),
    insertActivity: statement<[ActivityInput]>(
      `INSERT INTO activities (client_id, kind, poptin_id, activity, email, url_host, store_integration,
         store_integration_customer_id)
       VALUES (@client_id, @kind, @poptin_id, @activity, @email, @url_host, @store_integration,
         @store_integration_customer_id)`,
    ),
    conversionByKey: statement<[string], { id: string; poptin_id: string }>(
      'SELECT id, poptin_id FROM conversions WHERE conversion_key = ?',
    ),
    insertConversion: statement(
      `INSERT INTO conversions (id, conversion_key, poptin_id, client_id, viewer_id, visitor_id, poptin_view_id,
         email, name, phone, url, fields_json, new_extra_fields, ip)
       VALUES (@id, @conversion_key, @poptin_id, @client_id, @viewer_id, @visitor_id, @poptin_view_id,
         @email, @name, @phone, @url, @fields_json, @new_extra_fields, @ip)
       ON CONFLICT (conversion_key) DO NOTHING`,
    ),
    // Newest first by rowid, which only grows (leads are never deleted): unlike created_at, it is
    // unique, so a page boundary never splits or repeats leads saved in the same second.
    // `pattern` (a LIKE pattern, lowercase, its own % and _ escaped with \) finds the search's
    // text inside the email, name or phone, in any case.
    leads: statement<[{ poptin_id: string | null; before: number | null; limit: number; pattern: string | null }], LeadRow>(
      `SELECT rowid AS seq, id AS conversion_id, poptin_id, client_id, viewer_id, visitor_id, poptin_view_id, email,
         name, phone, url, fields_json, new_extra_fields, created_at
       FROM conversions
       WHERE (CAST(@poptin_id AS TEXT) IS NULL OR poptin_id = @poptin_id) AND (CAST(@before AS INTEGER) IS NULL OR rowid < @before)
         AND (CAST(@pattern AS TEXT) IS NULL OR lower(coalesce(email, '')) LIKE @pattern ESCAPE '\\'
           OR lower(coalesce(name, '')) LIKE @pattern ESCAPE '\\' OR lower(coalesce(phone, '')) LIKE @pattern ESCAPE '\\')
       ORDER BY rowid DESC LIMIT @limit`,
    ),
    // Per pop-up and UTC day (the first 10 characters of an ISO 8601 time) since `since`.
    dailyViews: statement<[{ since: string }], DailyRow>(
      `SELECT poptin_id, substr(created_at, 1, 10) AS day, count(*) AS count FROM views
       WHERE created_at >= @since GROUP BY poptin_id, substr(created_at, 1, 10)`,
    ),
    dailyConversions: statement<[{ since: string }], DailyRow>(
      `SELECT poptin_id, substr(created_at, 1, 10) AS day, count(*) AS count FROM conversions
       WHERE created_at >= @since GROUP BY poptin_id, substr(created_at, 1, 10)`,
    ),
    insertAdminSession: statement<[{ id_hash: string; expires_at: number }]>(
      'INSERT INTO admin_sessions (id_hash, expires_at) VALUES (@id_hash, @expires_at)',
    ),
    adminSession: statement<[{ id_hash: string; now: number }], { id_hash: string }>(
      'SELECT id_hash FROM admin_sessions WHERE id_hash = @id_hash AND expires_at > @now',
    ),
    deleteAdminSession: statement<[string]>('DELETE FROM admin_sessions WHERE id_hash = ?'),
    deleteExpiredAdminSessions: statement<[number]>('DELETE FROM admin_sessions WHERE expires_at <= ?'),
    stats: statement<[], StatsRow>(
      `SELECT p.poptin_id, p.client_id, ${byDialect(db.dialect, { sqlite: "json_extract(p.record, '$.poptin_name')", postgres: "p.record ->> 'poptin_name'" })} AS poptin_name, p.active,
         (SELECT count(*) FROM views v WHERE v.poptin_id = p.poptin_id) AS views,
         (SELECT count(*) FROM conversions c WHERE c.poptin_id = p.poptin_id) AS conversions,
         (SELECT count(*) FROM closes x WHERE x.poptin_id = p.poptin_id) AS closes
       FROM poptins p ORDER BY p.rowid`,
    ),
    cartExists: statement<[string], { token: string }>('SELECT token FROM carts WHERE token = ?'),
    createCart: statement<[string]>('INSERT INTO carts (token) VALUES (?)'),
    touchCart: statement<[{ token: string; now: string }]>('UPDATE carts SET updated_at = @now WHERE token = @token'),
    cartLines: statement<[string], CartLineRow>(
      'SELECT variant_id, quantity FROM cart_items WHERE cart_token = ? ORDER BY added_at, rowid',
    ),
    addToCart: statement<[{ token: string; variant_id: number; quantity: number; max: number }]>(
      // `quantity` comes at most `max`; CASE, not min() (PostgreSQL's is least()), so one
      // statement serves both engines.
      `INSERT INTO cart_items (cart_token, variant_id, quantity) VALUES (@token, @variant_id, @quantity)
       ON CONFLICT (cart_token, variant_id) DO UPDATE SET quantity = CASE
         WHEN cart_items.quantity + excluded.quantity > @max THEN @max ELSE cart_items.quantity + excluded.quantity END`,
    ),
    setCartLine: statement<[{ token: string; variant_id: number; quantity: number }]>(
      'UPDATE cart_items SET quantity = @quantity WHERE cart_token = @token AND variant_id = @variant_id',
    ),
    removeCartLine: statement<[{ token: string; variant_id: number }]>(
      'DELETE FROM cart_items WHERE cart_token = @token AND variant_id = @variant_id',
    ),
    clearCart: statement<[string]>('DELETE FROM cart_items WHERE cart_token = ?'),
    shop: statement<[string], { client_id: string; platform: string }>('SELECT client_id, platform FROM shops WHERE domain = ?'),
    priceRules: statement<[string], PriceRuleRow>(
      'SELECT id, title, percent_off, min_subtotal_cents FROM price_rules WHERE client_id = ? AND active = 1 ORDER BY id',
    ),
    shopPriceRules: statement<[string], PriceRuleRow>(
      `SELECT r.id, r.title, r.percent_off, r.min_subtotal_cents FROM shops s JOIN price_rules r ON r.client_id = s.client_id
       WHERE s.domain = ? AND r.active = 1 ORDER BY r.id`,
    ),
    insertOrderedProduct: statement<[OrderedProductInput]>(
      `INSERT INTO ordered_products (client_id, customer_id, product_id, product_name, category, source_table)
       VALUES (@client_id, @customer_id, @product_id, @product_name, @category, @source_table)`,
    ),
    insertContact: statement<[{ form_id: string | null; fields_json: string; ip: string }], { id: number }>(
      'INSERT INTO contact_messages (form_id, fields_json, ip) VALUES (@form_id, @fields_json, @ip) RETURNING id',
    ),
    contacts: statement<[{ limit: number }], { id: number; form_id: string | null; fields_json: string; created_at: string }>(
      'SELECT id, form_id, fields_json, created_at FROM contact_messages ORDER BY id DESC LIMIT @limit',
    ),
    insertPlay: statement<[PlayInput]>(
      `INSERT INTO game_plays (poptin_id, visitor_id, client_id, prize_index, prize_id, prize_label, created_at)
       VALUES (@poptin_id, @visitor_id, @client_id, @prize_index, @prize_id, @prize_label, @created_at)
       ON CONFLICT (poptin_id, visitor_id) DO NOTHING`,
    ),
    play: statement<[{ poptin_id: string; visitor_id: string }], { prize_index: number }>(
      'SELECT prize_index FROM game_plays WHERE poptin_id = @poptin_id AND visitor_id = @visitor_id',
    ),
    // A lock held to the end of the transaction, on a text key (PostgreSQL only, see recordView).
    lockKey: statement<[string]>('SELECT pg_advisory_xact_lock(hashtext(?))'),
    insertLimitLog: statement<[{ client_id: string; status: string; setting_id: string | null }]>(
      'INSERT INTO limit_logs (client_id, status, setting_id) VALUES (@client_id, @status, @setting_id)',
    ),
  };

  /**
   * Saves a conversion once per conversion_key: insert or nothing, then read, so retries racing
   * on several instances over one database store one row and all answer its id.
   */
  async function saveConversion(input: ConversionInput, takesNew: boolean): Promise<ConversionOutcome> {
    const stored = async (): Promise<ConversionOutcome | undefined> => {
      const existing = await q.conversionByKey.get(db, input.conversion_key);
      if (!existing) return undefined;
      return existing.poptin_id === input.poptin_id ? { kind: 'repeated', conversion_id: existing.id } : { kind: 'conflict' };
    };
    if (!takesNew) return (await stored()) ?? { kind: 'inactive' };
    const id = randomUUID();
    const { fields, new_extra_fields, ...columns } = input;
    const inserted = await q.insertConversion.run(db, {
      ...columns,
      id,
      fields_json: JSON.stringify(fields),
      new_extra_fields: JSON.stringify(new_extra_fields),
    });
    if (inserted.changes === 1) return { kind: 'created', conversion_id: id };
    return (await stored())!;
  }

  /**
   * Checks and stores a view in one transaction. On PostgreSQL, transactions of several instances
   * run side by side: locks on the viewer and on its network make the ones about the same viewer
   * or network wait for each other, so a view counts once however many instances it reaches
   * (SQLite's write transactions already run one at a time).
   */
  const recordView = (input: ViewInput, since: string, viewersPerNetwork: number) =>
    db.transaction(async (tx): Promise<ViewOutcome> => {
      const window = { poptin_id: input.poptin_id, visitor_id: input.visitor_id, network: input.network, since };
      if (tx.dialect === 'postgres') {
        const keys = [`view:${input.poptin_id}:network:${input.network}`, `view:${input.poptin_id}:visitor:${input.visitor_id ?? ''}`].sort();
        for (const key of keys) await q.lockKey.run(tx, key);
      }
      const earlier = await q.viewerView.get(tx, window);
      if (earlier) return { kind: 'repeated', id: earlier.id };
      if (((await q.networkViews.get(tx, window))?.views ?? 0) >= viewersPerNetwork) return { kind: 'network_full' };
      const id = randomUUID();
      await q.insertView.run(tx, { ...input, id });
      return { kind: 'counted', id };
    });

  const nowText = () => new Date().toISOString();

  /**
   * Inserts the pop-up unless one with its id exists; true when inserted. A seeded record file
   * may name another existing client in a top-level `client_id` (the demo's rules page gives
   * each section its own client); otherwise it goes to `clientId`.
   */
  const seedPoptin = async (clientId: string, record: PoptinRecord, active: boolean) => {
    const own = (record as { client_id?: unknown }).client_id;
    const owner = typeof own === 'string' && (await q.client.get(db, own)) ? own : clientId;
    const inserted = await q.seedPoptin.run(db, { poptin_id: record.poptin_id, client_id: owner, active: active ? 1 : 0, record: JSON.stringify(record), now: nowText() });
    return inserted.changes === 1;
  };

  return {
    client: (id: string) => q.client.get(db, id),
    /** Creates client `id` named `name`; false when it exists already (it is left as it is). */
    createClient: async (id: string, name: string) => (await q.insertClient.run(db, { id, name })).changes === 1,
    poptin: async (id: string) => {
      const row = await q.poptin.get(db, id);
      return row && toPoptin(row);
    },
    activePoptins: async (clientId: string) => (await q.activePoptins.all(db, clientId)).map(toPoptin),
    allPoptins: async () => (await q.allPoptins.all(db)).map(toPoptin),
    /** Views recorded for the client's pop-ups, for its `max_views` limit. */
    clientViews: async (clientId: string) => (await q.clientViews.get(db, clientId))?.views ?? 0,
    seedPoptin,
    /**
     * A record file at start: inserted when new (`seeded`); else, when it differs from the stored
     * pop-up, `updated` from the file if the owner never changed that pop-up (nor its on/off
     * switch) through the owner API, or if `overwrite`; else the owner's version is `kept`.
     */
    seedFromFile: async (clientId: string, record: PoptinRecord, active: boolean, overwrite: boolean): Promise<SeedOutcome> => {
      if (await seedPoptin(clientId, record, active)) return 'seeded';
      const row = (await q.poptin.get(db, record.poptin_id))!;
      const text = JSON.stringify(record);
      if (row.record === text && row.active === (active ? 1 : 0)) return 'unchanged';
      if (!overwrite && row.updated_at !== row.created_at) return 'kept';
      await q.reseedPoptin.run(db, { poptin_id: record.poptin_id, active: active ? 1 : 0, record: text });
      return 'updated';
    },
    updatePoptin: async (id: string, change: { record?: PoptinRecord; active?: boolean }) =>
      (
        await q.updatePoptin.run(db, {
          poptin_id: id,
          record: change.record ? JSON.stringify(change.record) : null,
          active: change.active === undefined ? null : change.active ? 1 : 0,
          now: nowText(),
        })
      ).changes === 1,
    /**
     * The signing key: `candidate` is stored unless a key exists, then the stored one is read, so
     * servers starting together on one database all end up with the first one written.
     */
    secret: async (candidate: Buffer): Promise<Buffer> => {
      await q.insertSecret.run(db, candidate);
      return (await q.secret.get(db))!.key;
    },
    /**
     * Stores and counts the view unless this viewer's view of the pop-up since `since` already
     * counted, or `viewersPerNetwork` viewers from its network did; checked and stored at once.
     */
    recordView,
    insertClose: async (input: CloseInput) => void (await q.insertClose.run(db, input)),
    insertActivity: async (input: ActivityInput) => void (await q.insertActivity.run(db, input)),
    /**
     * Saves a conversion once per conversion_key. A retry of a stored one is answered even when
     * `takesNew` is false (the pop-up was switched off since): it was taken, so it is not refused.
     */
    saveConversion,
    /**
     * Up to `limit` leads, newest first, older than the lead numbered `before` when given, and
     * only those whose email, name or phone holds `search` (any case) when given.
     */
    leads: (poptinId: string | null, before: number | null, limit: number, search: string | null = null) =>
      q.leads.all(db, { poptin_id: poptinId, before, limit, pattern: search === null ? null : `%${search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` }),
    stats: () => q.stats.all(db),
    /** Views and conversions per pop-up per UTC day from `since` (an ISO 8601 time) on; days without any are left out. */
    daily: async (since: string) => ({ views: await q.dailyViews.all(db, { since }), conversions: await q.dailyConversions.all(db, { since }) }),
    /** Keeps a dashboard session (the SHA-256 of its id) until `expiresAt`; sessions over by `now` go. */
    createAdminSession: (idHash: string, expiresAt: number, now: number) =>
      db.transaction(async (tx) => {
        await q.deleteExpiredAdminSessions.run(tx, now);
        await q.insertAdminSession.run(tx, { id_hash: idHash, expires_at: expiresAt });
      }),
    /** True while the session is kept and not over at `now`. */
    hasAdminSession: async (idHash: string, now: number) => (await q.adminSession.get(db, { id_hash: idHash, now })) !== undefined,
    deleteAdminSession: async (idHash: string) => void (await q.deleteAdminSession.run(db, idHash)),
    cartExists: async (token: string) => (await q.cartExists.get(db, token)) !== undefined,
    createCart: async (token: string) => void (await q.createCart.run(db, token)),
    cartLines: (token: string) => q.cartLines.all(db, token),
    addToCart: (token: string, lines: { variant_id: number; quantity: number }[], max: number) =>
      db.transaction(async (tx) => {
        for (const line of lines) await q.addToCart.run(tx, { token, variant_id: line.variant_id, quantity: Math.min(line.quantity, max), max });
        await q.touchCart.run(tx, { token, now: nowText() });
      }),
    /** Sets a line's quantity; 0 removes it. */
    setCartLine: (token: string, variantId: number, quantity: number) =>
      db.transaction(async (tx) => {
        if (quantity === 0) await q.removeCartLine.run(tx, { token, variant_id: variantId });
        else await q.setCartLine.run(tx, { token, variant_id: variantId, quantity });
        await q.touchCart.run(tx, { token, now: nowText() });
      }),
    clearCart: async (token: string) => void (await q.clearCart.run(db, token)),
    saveOrderedProducts: (rows: OrderedProductInput[]) =>
      db.transaction(async (tx) => {
        for (const row of rows) await q.insertOrderedProduct.run(tx, row);
      }),
    /**
     * Stores `input` as the visitor's draw of the pop-up unless one is stored already; answers the
     * stored draw's prize index either way (insert or nothing, then read: the first draw stands).
     */
    recordPlay: async (input: PlayInput): Promise<number> => {
      await q.insertPlay.run(db, input);
      return (await q.play.get(db, input))!.prize_index;
    },
    insertLimitLog: async (row: { client_id: string; status: string; setting_id: string | null }) => void (await q.insertLimitLog.run(db, row)),
    insertContact: async (formId: string | null, fields: Record<string, unknown>, ip: string) =>
      (await q.insertContact.get(db, { form_id: formId, fields_json: JSON.stringify(fields), ip }))!.id,
    contacts: async (limit: number) =>
      (await q.contacts.all(db, { limit })).map(({ fields_json, ...row }) => ({ ...row, fields: JSON.parse(fields_json) as unknown })),
    /** The client and platform of the shop on `domain` (a host name), or undefined. */
    shop: (domain: string) => q.shop.get(db, domain.toLowerCase()),
    /** A client's active price rules, oldest first. */
    priceRules: (clientId: string) => q.priceRules.all(db, clientId),
    /** The active price rules of the shop on `domain` (a host name), oldest first; none for a host that is no shop. */
    shopPriceRules: (domain: string) => q.shopPriceRules.all(db, domain.toLowerCase()),
  };
}
