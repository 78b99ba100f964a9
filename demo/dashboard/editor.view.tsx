/**
 * The pop-up editor: a form for the record's common parts, the record as JSON, a live preview with
 * the real `kite-poptin`, and the signed preview link. Every change goes to the machine, which
 * checks the draft with the server's own schema; the problem shows at its field (and under the
 * JSON), and the preview shows only a draft that would be saved.
 */
import type {} from 'kite-elements/jsx';
import { useRef, type ReactNode } from 'react';
import type { DraftProblem } from '../../machines/dashboard/dashboard.types.ts';
import { locatePath } from '../../machines/dashboard/dashboard.draft.ts';
import { EFFECTS } from '../../shared/effects/effects.ts';
import { joinPath } from '../../shared/schema/validate.ts';
import type { Block, PoptinRecord } from '../../shared/schema/poptin-record.ts';
import type { CountdownBlock, CountdownSpec, ExtraButtonsBlock, GameBlock, VideoBlock } from '../../shared/schema/blocks.ts';
import { CONTENT } from '../../shared/constants/content.ts';
import { SECOND_MS } from '../../shared/constants/time.ts';
import { GAMIFIED } from '../../shared/constants/gamified.ts';
import { RECOMMENDATION, STORE_PLATFORMS } from '../../shared/constants/products.ts';
import { LoadFailed, SectionHeading, type SectionProps } from './section.tsx';
import type { DashboardMessages } from './messages.ts';

type Path = ReadonlyArray<string | number>;

/** The schema's name of a path (`design.blocks[0].text`): what a problem names. */
const pathName = (path: Path) => path.reduce<string>((name, key) => joinPath(name, key), '');
const fieldId = (path: Path) => `field-${pathName(path).replace(/[^\w-]/g, '_')}`;

/** What every form control gets: where it writes, the draft's problem, and how to send a change. */
interface Editing {
  problem: DraftProblem | null;
  set: (path: Path, value: unknown) => void;
}

/** The draft's problem when it is at `path` or inside it (an item of a list typed in one box). */
function problemAt(editing: Editing, path: Path): string | null {
  const name = pathName(path);
  const at = editing.problem?.path;
  return at === name || at?.startsWith(`${name}[`) ? editing.problem!.message : null;
}

function ProblemText({ id, error }: { id: string; error: string | null }) {
  return (
    error && (
      <p id={`${id}-error`} className="dashboard-problem">
        {error}
      </p>
    )
  );
}

function Control({ path, label, editing, children }: { path: Path; label: string; editing: Editing; children: (props: Record<string, unknown>) => ReactNode }) {
  const id = fieldId(path);
  const error = problemAt(editing, path);
  return (
    <div className="dashboard-field" data-path={pathName(path)}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined })}
      <ProblemText id={id} error={error} />
    </div>
  );
}

/** A group of controls (a game's prizes, a countdown's timer) with its legend and the problem with the group as a whole. */
function Group({ path, legend, editing, children }: { path: Path; legend: string; editing: Editing; children: ReactNode }) {
  const id = fieldId(path);
  const error = editing.problem?.path === pathName(path) ? editing.problem.message : null;
  return (
    <fieldset className="dashboard-group" data-path={pathName(path)} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {children}
      <ProblemText id={id} error={error} />
    </fieldset>
  );
}

function TextField({ path, label, value, editing, multiline = false }: { path: Path; label: string; value: unknown; editing: Editing; multiline?: boolean }) {
  const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  return (
    <Control path={path} label={label} editing={editing}>
      {(props) =>
        multiline ? (
          <textarea {...props} value={text} rows={2} onChange={(event) => editing.set(path, event.currentTarget.value)} />
        ) : (
          <input {...props} type="text" value={text} onChange={(event) => editing.set(path, event.currentTarget.value || undefined)} />
        )
      }
    </Control>
  );
}

/** An empty box removes the setting; anything else is sent as typed when it is not a number, so the schema names it. */
function NumberField({ path, label, value, editing }: { path: Path; label: string; value: unknown; editing: Editing }) {
  return (
    <Control path={path} label={label} editing={editing}>
      {(props) => (
        <input
          {...props}
          type="number"
          inputMode="decimal"
          value={typeof value === 'number' ? value : ''}
          onChange={(event) => editing.set(path, event.currentTarget.value === '' ? undefined : Number(event.currentTarget.value))}
        />
      )}
    </Control>
  );
}

/**
 * A list the owner edits item by item (a game's prizes, a video's caption tracks, a form's fields):
 * `fields` draws an item's controls at its path; each item has a remove button, named by `name`
 * as well so a screen reader tells them apart; the add button appends `create()`.
 */
function ItemList<Item>({ path, items, editing, fields, name, removeLabel, addLabel, create }: {
  path: Path;
  items: readonly Item[];
  editing: Editing;
  fields: (item: Item, at: Path) => ReactNode;
  name: (item: Item) => ReactNode;
  removeLabel: string;
  addLabel: string;
  create: () => NoInfer<Item>;
}) {
  return (
    <>
      <ol className="dashboard-fields">
        {items.map((item, index) => (
          <li key={index}>
            {fields(item, [...path, index])}
            <button type="button" onClick={() => editing.set(path, items.filter((_, kept) => kept !== index))}>
              {removeLabel} <span className="visually-hidden">{name(item)}</span>
            </button>
          </li>
        ))}
      </ol>
      <button type="button" onClick={() => editing.set(path, [...items, create()])}>
        {addLabel}
      </button>
    </>
  );
}

/** A list of words (product ids) typed apart by commas; an empty box removes the setting. */
function ListField({ path, label, value, editing }: { path: Path; label: string; value: unknown; editing: Editing }) {
  const text = Array.isArray(value) ? value.join(', ') : '';
  return (
    <Control path={path} label={label} editing={editing}>
      {(props) => (
        <input
          {...props}
          type="text"
          dir="ltr"
          value={text}
          onChange={(event) => editing.set(path, event.currentTarget.value.trim() ? event.currentTarget.value.trimStart().split(/\s*,\s*/) : undefined)}
        />
      )}
    </Control>
  );
}

/** Options are strings or numbers (a timer's version, a prize's losing option): the chosen one is sent as its own type. */
function SelectField({ path, label, value, options, editing }: { path: Path; label: string; value: unknown; options: ReadonlyArray<readonly [string | number, string]>; editing: Editing }) {
  const current = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const known = options.some(([option]) => String(option) === current);
  return (
    <Control path={path} label={label} editing={editing}>
      {(props) => (
        <select
          {...props}
          value={current}
          onChange={(event) => {
            const chosen = event.currentTarget.value;
            editing.set(path, options.find(([option]) => String(option) === chosen)?.[0] ?? (chosen || undefined));
          }}
        >
          {!known && <option value={current}>{current || '—'}</option>}
          {options.map(([option, text]) => (
            <option key={option} value={String(option)}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Control>
  );
}

/** A switch; `on` is the value it writes when checked (a button's `action: 'close'`), and it then removes the setting when unchecked. */
function CheckField({ path, label, value, editing, on = true }: { path: Path; label: string; value: unknown; editing: Editing; on?: unknown }) {
  const id = fieldId(path);
  return (
    <div className="dashboard-check" data-path={pathName(path)}>
      <input
        id={id}
        type="checkbox"
        checked={value === on}
        onChange={(event) => editing.set(path, event.currentTarget.checked ? on : on === true ? false : undefined)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** What a new countdown, game or coupon starts with: ten minutes, a code to replace. */
const NEW_FROM_NOW_TIMER: CountdownSpec = { kind: 'from_now', minutes: 10, seconds: 0 };
const NEW_PRIZE_CODE = 'WELCOME10';
/** A date countdown starts a week from today, at noon in the browser's own timezone. */
const WEEK_MS = 7 * 24 * 60 * 60 * SECOND_MS;
const newDateTimer = (): CountdownSpec => ({
  kind: 'date',
  date: new Date(Date.now() + WEEK_MS).toISOString().slice(0, 10),
  time: '12:00',
  timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

const same = (values: readonly string[]) => values.map((value) => [value, value] as const);
const TYPES = same(['lightbox', 'bar', 'sside', 'bside', 'browsing', 'fullpage', 'content', 'social', 'mobile', 'embedded', 'gamified']);
const LOCATIONS = same(['left-top', 'center-top', 'right-top', 'left-middle', 'center-middle', 'right-middle', 'left-bottom', 'center-bottom', 'right-bottom']);
const COLOURS = [
  ['background_color', 'colourBackground'],
  ['text_color', 'colourText'],
  ['button_color', 'colourButton'],
  ['button_text_color', 'colourButtonText'],
] as const;
const STORES = same(STORE_PLATFORMS);
const CATEGORIES = same(RECOMMENDATION.CATEGORIES);
const BUTTONS_ACTIONS = same(RECOMMENDATION.BUTTONS_ACTIONS);
const FIELD_KINDS = same(['email', 'name', 'first_name', 'last_name', 'phone', 'checkbox', 'message', 'date', 'url', 'number', 'text']);

/** A game's play text and its prizes (the wheel's segments, the boxes, the cards): each prize's label, code, chances and whether it wins. */
function GameFields({ block, path, editing, t }: { block: GameBlock; path: Path; editing: Editing; t: DashboardMessages }) {
  const prizes = block.prizes ?? [];
  const outcomes = [
    [0, t.prizeWins],
    [1, t.prizeLoses],
  ] as const;
  return (
    <>
      <TextField path={[...path, 'play_text']} label={t.gamePlayText} value={block.play_text} editing={editing} />
      <Group path={[...path, 'prizes']} legend={t.gamePrizes} editing={editing}>
        <ItemList
          path={[...path, 'prizes']}
          items={prizes}
          editing={editing}
          name={(prize) => prize.label}
          removeLabel={t.removePrize}
          addLabel={t.addPrize}
          create={() => ({ label: t.prizeLabel, chances: 0, loosing_option: 1 })}
          fields={(prize, at) => (
            <>
              <TextField path={[...at, 'label']} label={t.prizeLabel} value={prize.label} editing={editing} />
              <TextField path={[...at, 'code']} label={t.prizeCode} value={prize.code} editing={editing} />
              <NumberField path={[...at, 'chances']} label={t.prizeChances} value={prize.chances} editing={editing} />
              <SelectField path={[...at, 'loosing_option']} label={t.prizeOutcome} value={prize.loosing_option} options={outcomes} editing={editing} />
              <TextField path={[...at, 'prize_id']} label={t.prizeId} value={prize.prize_id} editing={editing} />
              <CheckField path={[...at, 'is_winner']} label={t.prizeIsWinner} value={prize.is_winner} editing={editing} />
              <CheckField path={[...at, 'redirect_to']} label={t.prizeRedirect} value={prize.redirect_to} editing={editing} />
              {prize.redirect_to && (
                <>
                  <TextField path={[...at, 'redirect_to_options', 'redirect_to_url']} label={t.prizeRedirectUrl} value={prize.redirect_to_options?.redirect_to_url} editing={editing} />
                  <CheckField path={[...at, 'redirect_to_options', 'redirect_close']} label={t.prizeRedirectClose} value={prize.redirect_to_options?.redirect_close} editing={editing} />
                  <NumberField path={[...at, 'redirect_to_options', 'redirect_close_delay']} label={t.prizeRedirectDelay} value={prize.redirect_to_options?.redirect_close_delay} editing={editing} />
                </>
              )}
            </>
          )}
        />
      </Group>
    </>
  );
}

/** A countdown: minutes and seconds from when the pop-up shows, or a date, time and timezone; and how its digits look. */
function CountdownFields({ block, path, editing, t }: { block: CountdownBlock; path: Path; editing: Editing; t: DashboardMessages }) {
  const timer = block.timer;
  const at = [...path, 'timer'];
  const kinds = [
    ['from_now', t.timerFromNow],
    ['date', t.timerDate],
  ] as const;
  const versions = [
    [CONTENT.TIMER_VER.PLAIN, t.timerPlain],
    [CONTENT.TIMER_VER.BOXED, t.timerBoxed],
    [CONTENT.TIMER_VER.FLIP, t.timerFlip],
  ] as const;
  return (
    <>
      <Group path={at} legend={t.timerHeading} editing={editing}>
        <Control path={[...at, 'kind']} label={t.timerKind} editing={editing}>
          {(props) => (
            <select {...props} value={timer?.kind ?? ''} onChange={(event) => editing.set(at, event.currentTarget.value === 'date' ? newDateTimer() : NEW_FROM_NOW_TIMER)}>
              {kinds.map(([kind, text]) => (
                <option key={kind} value={kind}>
                  {text}
                </option>
              ))}
            </select>
          )}
        </Control>
        {timer?.kind === 'date' ? (
          <>
            <TextField path={[...at, 'date']} label={t.timerDay} value={timer.date} editing={editing} />
            <TextField path={[...at, 'time']} label={t.timerTime} value={timer.time} editing={editing} />
            <TextField path={[...at, 'timezone']} label={t.timerZone} value={timer.timezone} editing={editing} />
          </>
        ) : (
          <>
            <NumberField path={[...at, 'minutes']} label={t.timerMinutes} value={timer?.minutes} editing={editing} />
            <NumberField path={[...at, 'seconds']} label={t.timerSeconds} value={timer?.seconds} editing={editing} />
          </>
        )}
      </Group>
      <SelectField path={[...path, 'timer_ver']} label={t.timerLook} value={block.timer_ver} options={versions} editing={editing} />
    </>
  );
}

/** A video's address, name and still, and the caption tracks of a video file. */
function VideoFields({ block, path, editing, t }: { block: VideoBlock; path: Path; editing: Editing; t: DashboardMessages }) {
  const captions = block.captions ?? [];
  return (
    <>
      <TextField path={[...path, 'url']} label={t.videoUrl} value={block.url} editing={editing} />
      <TextField path={[...path, 'title']} label={t.videoTitle} value={block.title} editing={editing} />
      <TextField path={[...path, 'poster']} label={t.videoPoster} value={block.poster} editing={editing} />
      <Group path={[...path, 'captions']} legend={t.videoCaptions} editing={editing}>
        <ItemList
          path={[...path, 'captions']}
          items={captions}
          editing={editing}
          name={(track) => track.srclang}
          removeLabel={t.removeCaptions}
          addLabel={t.addCaptions}
          create={() => ({ src: '', srclang: '' })}
          fields={(track, at) => (
            <>
              <TextField path={[...at, 'src']} label={t.captionSrc} value={track.src} editing={editing} />
              <TextField path={[...at, 'srclang']} label={t.captionLang} value={track.srclang} editing={editing} />
              <TextField path={[...at, 'label']} label={t.captionLabel} value={track.label} editing={editing} />
              <CheckField path={[...at, 'default']} label={t.captionDefault} value={track.default} editing={editing} />
            </>
          )}
        />
      </Group>
    </>
  );
}

/** The extra buttons, in the owner's order: each one's text, link and tab, or that it closes the pop-up. */
function ExtraButtonsFields({ block, path, editing, t }: { block: ExtraButtonsBlock; path: Path; editing: Editing; t: DashboardMessages }) {
  const targets = [
    ['_self', t.targetSelf],
    ['_blank', t.targetBlank],
  ] as const;
  return (
    <Group path={[...path, 'buttons']} legend={t.extraButtons} editing={editing}>
      <ItemList
        path={[...path, 'buttons']}
        items={block.buttons}
        editing={editing}
        name={(button) => button.text}
        removeLabel={t.removeButton}
        addLabel={t.addButton}
        create={() => ({ text: t.newButton })}
        fields={(button, at) => (
          <>
            <TextField path={[...at, 'text']} label={t.buttonText} value={button.text} editing={editing} />
            <CheckField path={[...at, 'action']} label={t.buttonCloses} value={button.action} on="close" editing={editing} />
            {button.action !== 'close' && (
              <>
                <TextField path={[...at, 'url']} label={t.buttonUrl} value={button.url} editing={editing} />
                <SelectField path={[...at, 'target']} label={t.buttonTarget} value={button.target ?? '_self'} options={targets} editing={editing} />
              </>
            )}
          </>
        )}
      />
    </Group>
  );
}

function BlockFields({ block, path, editing, t }: { block: Block; path: Path; editing: Editing; t: DashboardMessages }) {
  switch (block.type) {
    case 'title':
      return <TextField path={[...path, 'text']} label={t.blockTitle} value={block.text} editing={editing} multiline />;
    case 'text':
      return <TextField path={[...path, 'text']} label={t.blockText} value={block.text} editing={editing} multiline />;
    case 'image':
      return (
        <>
          <TextField path={[...path, 'src']} label={t.blockImageSrc} value={block.src} editing={editing} />
          <TextField path={[...path, 'alt']} label={t.blockImageAlt} value={block.alt} editing={editing} />
        </>
      );
    case 'form':
      return (
        <>
          <ItemList
            path={[...path, 'fields']}
            items={block.fields}
            editing={editing}
            name={(field) => field.label}
            removeLabel={t.removeField}
            addLabel={t.addField}
            create={() => ({ name: `field_${block.fields.length + 1}`, kind: 'text' as const, label: t.fieldLabel })}
            fields={(field, at) => (
              <>
                <TextField path={[...at, 'label']} label={t.fieldLabel} value={field.label} editing={editing} />
                <SelectField path={[...at, 'kind']} label={t.fieldKind} value={field.kind} options={FIELD_KINDS} editing={editing} />
                <CheckField path={[...at, 'required']} label={t.fieldRequired} value={field.required} editing={editing} />
              </>
            )}
          />
          <TextField path={[...path, 'button', 'text']} label={t.blockButton} value={block.button.text} editing={editing} />
        </>
      );
    case 'game':
      return <GameFields block={block} path={path} editing={editing} t={t} />;
    case 'products':
      return (
        <>
          <SelectField path={[...path, 'store']} label={t.productsStore} value={block.store} options={STORES} editing={editing} />
          <SelectField path={[...path, 'category']} label={t.productsCategory} value={block.category} options={CATEGORIES} editing={editing} />
          <ListField path={[...path, 'manual_products']} label={t.productsManual} value={block.manual_products} editing={editing} />
          <NumberField path={[...path, 'count']} label={t.productsCount} value={block.count} editing={editing} />
          <SelectField path={[...path, 'buttons_action']} label={t.productsAction} value={block.buttons_action} options={BUTTONS_ACTIONS} editing={editing} />
          <TextField path={[...path, 'currency']} label={t.productsCurrency} value={block.currency} editing={editing} />
          <TextField path={[...path, 'cart_url']} label={t.productsCartUrl} value={block.cart_url} editing={editing} />
        </>
      );
    case 'countdown':
      return <CountdownFields block={block} path={path} editing={editing} t={t} />;
    case 'coupon':
      return (
        <>
          <TextField path={[...path, 'code']} label={t.couponCode} value={block.code} editing={editing} />
          <TextField path={[...path, 'coupon_type']} label={t.couponType} value={block.coupon_type} editing={editing} />
        </>
      );
    case 'ticker':
      return (
        <>
          <TextField path={[...path, 'text']} label={t.tickerText} value={block.text} editing={editing} />
          <NumberField path={[...path, 'duration_ms']} label={t.tickerDuration} value={block.duration_ms} editing={editing} />
        </>
      );
    case 'video':
      return <VideoFields block={block} path={path} editing={editing} t={t} />;
    case 'extra_buttons':
      return <ExtraButtonsFields block={block} path={path} editing={editing} t={t} />;
  }
}

/**
 * A list of blocks (the design's, or its thank-you screen's): each block's fields, removing one,
 * adding a title, a text or (`allKinds`) a form, a game, products, a countdown, a coupon, a ticker,
 * a video or extra buttons.
 */
function BlocksEditor({ blocks, path, editing, t, allKinds = false, where }: { blocks: Block[]; path: Path; editing: Editing; t: DashboardMessages; allKinds?: boolean; where?: string }) {
  const add = (block: Block) => editing.set(path, [...blocks, block]);
  // Another list of blocks (the mobile design's, the welcome screen's) names which one its buttons change, so a screen reader tells the lists apart.
  const whose = where && (
    <>
      {' '}
      <span className="visually-hidden">{where}</span>
    </>
  );
  return (
    <>
      <ol className="dashboard-blocks">
        {blocks.map((block, index) => (
          <li key={index}>
            <BlockFields block={block} path={[...path, index]} editing={editing} t={t} />
            <button type="button" onClick={() => editing.set(path, blocks.filter((_, kept) => kept !== index))}>
              {t.removeBlock} <span className="visually-hidden">{index + 1}</span>
              {whose}
            </button>
          </li>
        ))}
      </ol>
      <div className="dashboard-actions">
        <button type="button" onClick={() => add({ type: 'title', text: t.blockTitle })}>
          {t.addTitle}
          {whose}
        </button>
        <button type="button" onClick={() => add({ type: 'text', text: t.blockText })}>
          {t.addText}
          {whose}
        </button>
        {allKinds && (
          <>
            <button type="button" onClick={() => add({ type: 'form', fields: [{ name: 'email', kind: 'email', label: t.colEmail, required: true }], button: { text: t.save } })}>
              {t.addForm}
              {whose}
            </button>
            <button
              type="button"
              onClick={() =>
                add({
                  type: 'game',
                  prizes: [
                    { label: t.newPrizeWin, code: NEW_PRIZE_CODE, chances: GAMIFIED.CHANCES_TOTAL / 2, loosing_option: 0 },
                    { label: t.newPrizeLose, chances: GAMIFIED.CHANCES_TOTAL / 2, loosing_option: 1 },
                  ],
                })
              }
            >
              {t.addGame}
              {whose}
            </button>
            <button type="button" onClick={() => add({ type: 'products', category: 'last_visited' })}>
              {t.addProducts}
              {whose}
            </button>
            <button type="button" onClick={() => add({ type: 'countdown', timer: NEW_FROM_NOW_TIMER })}>
              {t.addCountdown}
              {whose}
            </button>
            <button type="button" onClick={() => add({ type: 'coupon', code: NEW_PRIZE_CODE })}>
              {t.addCoupon}
              {whose}
            </button>
            <button type="button" onClick={() => add({ type: 'ticker', text: t.tickerText })}>
              {t.addTicker}
              {whose}
            </button>
            <button type="button" onClick={() => add({ type: 'video', url: '' })}>
              {t.addVideo}
              {whose}
            </button>
            <button type="button" onClick={() => add({ type: 'extra_buttons', buttons: [{ text: t.newButton }] })}>
              {t.addButtons}
              {whose}
            </button>
          </>
        )}
      </div>
    </>
  );
}

/** The cookie filter (rules by name, value and role) and the JavaScript value filter (paths, values and roles position by position). */
function FilterFields({ draft, editing, t }: { draft: PoptinRecord; editing: Editing; t: DashboardMessages }) {
  const rules = draft.cookie_filter?.rules ?? [];
  const jsFilter = draft.js_filter ?? {};
  return (
    <>
      <Group path={['cookie_filter']} legend={t.cookieFilter} editing={editing}>
        <CheckField path={['cookie_filter', 'display_if_specific_cookie_active']} label={t.cookieFilterOn} value={draft.cookie_filter?.display_if_specific_cookie_active} editing={editing} />
        <ItemList
          path={['cookie_filter', 'rules']}
          items={rules}
          editing={editing}
          name={(rule) => rule.name}
          removeLabel={t.removeCookieRule}
          addLabel={t.addCookieRule}
          create={() => ({ name: '', show: 'show@exists' })}
          fields={(rule, at) => (
            <>
              <TextField path={[...at, 'name']} label={t.cookieName} value={rule.name} editing={editing} />
              <TextField path={[...at, 'value']} label={t.cookieValue} value={rule.value} editing={editing} />
              <TextField path={[...at, 'show']} label={t.cookieShow} value={rule.show} editing={editing} />
            </>
          )}
        />
      </Group>
      <Group path={['js_filter']} legend={t.jsFilter} editing={editing}>
        <CheckField path={['js_filter', 'display_if_specific_js_active']} label={t.jsFilterOn} value={jsFilter.display_if_specific_js_active} editing={editing} />
        <ListField path={['js_filter', 'js_name_pair']} label={t.jsNames} value={jsFilter.js_name_pair} editing={editing} />
        <ListField path={['js_filter', 'js_value_pair']} label={t.jsValues} value={jsFilter.js_value_pair} editing={editing} />
        <ListField path={['js_filter', 'js_show_pair']} label={t.jsShows} value={jsFilter.js_show_pair} editing={editing} />
      </Group>
    </>
  );
}

/** The welcome screen: its blocks and the call to action that leads to the main screen; none until the owner adds one. */
function WelcomeFields({ draft, editing, t }: { draft: PoptinRecord; editing: Editing; t: DashboardMessages }) {
  const welcome = draft.design?.welcome;
  const at = ['design', 'welcome'];
  return (
    <Group path={at} legend={t.welcome} editing={editing}>
      {welcome ? (
        <>
          <BlocksEditor blocks={welcome.blocks} path={[...at, 'blocks']} editing={editing} t={t} where={t.inWelcome} />
          <TextField path={[...at, 'button', 'text']} label={t.welcomeButton} value={welcome.button.text} editing={editing} />
          <button type="button" onClick={() => editing.set(at, undefined)}>
            {t.welcomeRemove}
          </button>
        </>
      ) : (
        <button type="button" onClick={() => editing.set(at, { blocks: [{ type: 'title', text: t.blockTitle }], button: { text: t.welcomeNewButton } })}>
          {t.welcomeCreate}
        </button>
      )}
    </Group>
  );
}

/** The record settings: the switches, how long a close is remembered, page-source targeting, and the design phones get instead (its colours and blocks). */
function SettingsFields({ draft, editing, t }: { draft: PoptinRecord; editing: Editing; t: DashboardMessages }) {
  const mobile = draft.mobile_design;
  const upgradeAt = ['client_restriction_setting', 'upgrade_popup'];
  const upgrade = draft.client_restriction_setting?.upgrade_popup;
  return (
    <fieldset>
      <legend>{t.settings}</legend>
      <CheckField path={['display']} label={t.settingDisplay} value={draft.display ?? true} editing={editing} />
      <CheckField path={['x_close_button']} label={t.settingCloseX} value={draft.x_close_button ?? true} editing={editing} />
      <CheckField path={['d_f_a']} label={t.settingFrequency} value={draft.d_f_a ?? true} editing={editing} />
      <CheckField path={['auto_pilot_trigger']} label={t.settingAutopilot} value={draft.auto_pilot_trigger} editing={editing} />
      <NumberField path={['cookie']} label={t.settingCookie} value={draft.cookie} editing={editing} />
      <CheckField path={['design_properties', 'poptin_design_content_lock']} label={t.settingLock} value={draft.design_properties?.poptin_design_content_lock} editing={editing} />
      <CheckField path={['landing_page']} label={t.settingLanding} value={draft.landing_page} editing={editing} />
      <ListField path={['poptin_fields']} label={t.poptinFields} value={draft.poptin_fields} editing={editing} />
      <Group path={['client_restriction_setting', 'upgrade_popup']} legend={t.upgrade} editing={editing}>
        <TextField path={[...upgradeAt, 'id']} label={t.upgradeId} value={upgrade?.id} editing={editing} />
        <TextField path={[...upgradeAt, 'upgrade_url']} label={t.upgradeUrl} value={upgrade?.upgrade_url} editing={editing} />
        <CheckField path={[...upgradeAt, 'remindme_popup']} label={t.upgradeRemind} value={upgrade?.remindme_popup} editing={editing} />
        <CheckField path={[...upgradeAt, 'mote_than_two_days']} label={t.upgradeDue} value={upgrade?.mote_than_two_days} editing={editing} />
      </Group>
      <fieldset className="dashboard-group">
        <legend>{t.sourceTarget}</legend>
        <CheckField path={['source_code_target_active']} label={t.sourceTargetOn} value={draft.source_code_target_active} editing={editing} />
        <TextField path={['source_code_target_html']} label={t.sourceTargetHtml} value={draft.source_code_target_html} editing={editing} multiline />
        <SelectField
          path={['source_code_target_role']}
          label={t.sourceTargetRole}
          value={draft.source_code_target_role ?? 'show'}
          options={[['show', t.sourceTargetShow], ['hide', t.sourceTargetHide]]}
          editing={editing}
        />
      </fieldset>
      <CheckField path={['design_properties', 'switch_mobile_editor']} label={t.mobileOn} value={draft.design_properties?.switch_mobile_editor} editing={editing} />
      <Group path={['mobile_design']} legend={t.mobileDesign} editing={editing}>
        {mobile ? (
          <>
            {COLOURS.map(([name, label]) => (
              <TextField key={name} path={['mobile_design', name]} label={t[label]} value={mobile[name]} editing={editing} />
            ))}
            <BlocksEditor blocks={mobile.blocks} path={['mobile_design', 'blocks']} editing={editing} t={t} allKinds where={t.inMobileDesign} />
            <button type="button" onClick={() => editing.set(['mobile_design'], undefined)}>
              {t.mobileRemove}
            </button>
          </>
        ) : (
          <button type="button" onClick={() => editing.set(['mobile_design'], draft.design ?? { blocks: [] })}>
            {t.mobileCreate}
          </button>
        )}
      </Group>
    </fieldset>
  );
}

function RecordForm({ draft, editing, t }: { draft: PoptinRecord; editing: Editing; t: DashboardMessages }) {
  const blocks = draft.design?.blocks ?? [];
  const properties = draft.design_properties ?? {};
  const triggers = draft.triggers ?? {};
  const effects = same(EFFECTS);
  return (
    <div className="dashboard-form">
      <fieldset>
        <legend>{t.general}</legend>
        <TextField path={['poptin_name']} label={t.fieldName} value={draft.poptin_name} editing={editing} />
        <SelectField path={['poptin_type']} label={t.fieldType} value={draft.poptin_type} options={TYPES} editing={editing} />
        <TextField path={['poptin_format']} label={t.fieldFormat} value={draft.poptin_format} editing={editing} />
      </fieldset>
      <fieldset>
        <legend>{t.position}</legend>
        <SelectField path={['design_properties', 'poptin_location']} label={t.fieldLocation} value={properties.poptin_location} options={LOCATIONS} editing={editing} />
        <SelectField path={['design_properties', 'poptin_design_entry_effect']} label={t.fieldEntry} value={properties.poptin_design_entry_effect} options={effects} editing={editing} />
        <SelectField path={['design_properties', 'poptin_design_exit_effect']} label={t.fieldExit} value={properties.poptin_design_exit_effect} options={effects} editing={editing} />
        <SelectField
          path={['design_properties', 'poptin_design_close_options_type']}
          label={t.fieldClose}
          value={properties.poptin_design_close_options_type}
          options={[['closing_options-x', t.closeX], ['closing_options-button', t.closeButton], ['closing_options-', t.closeNone]]}
          editing={editing}
        />
      </fieldset>
      <fieldset>
        <legend>{t.colours}</legend>
        {COLOURS.map(([name, label]) => (
          <TextField key={name} path={['design', name]} label={t[label]} value={draft.design?.[name]} editing={editing} />
        ))}
      </fieldset>
      <fieldset>
        <legend>{t.texts}</legend>
        <BlocksEditor blocks={blocks} path={['design', 'blocks']} editing={editing} t={t} allKinds />
      </fieldset>
      <WelcomeFields draft={draft} editing={editing} t={t} />
      <fieldset>
        <legend>{t.thankYou}</legend>
        <CheckField path={['design_properties', 'poptin_design_thank_screen']} label={t.thankYouOn} value={properties.poptin_design_thank_screen} editing={editing} />
        <BlocksEditor blocks={draft.design?.thank_you ?? []} path={['design', 'thank_you']} editing={editing} t={t} />
      </fieldset>
      <fieldset>
        <legend>{t.triggers}</legend>
        <CheckField path={['triggers', 'page_load']} label={t.triggerPageLoad} value={triggers.page_load} editing={editing} />
        <NumberField path={['triggers', 'seconds']} label={t.triggerSeconds} value={triggers.seconds} editing={editing} />
        <NumberField path={['triggers', 'scroll_percent']} label={t.triggerScroll} value={triggers.scroll_percent} editing={editing} />
        <CheckField path={['triggers', 'exit_intent']} label={t.triggerExit} value={triggers.exit_intent} editing={editing} />
        <NumberField path={['triggers', 'inactivity_seconds']} label={t.triggerInactivity} value={triggers.inactivity_seconds} editing={editing} />
        <NumberField path={['triggers', 'click_count']} label={t.triggerClicks} value={triggers.click_count} editing={editing} />
        <NumberField path={['triggers', 'page_visit_count']} label={t.triggerVisits} value={triggers.page_visit_count} editing={editing} />
      </fieldset>
      <fieldset>
        <legend>{t.rules}</legend>
        <TextField path={['d_f_r']} label={t.ruleFrequency} value={draft.d_f_r} editing={editing} />
        <CheckField path={['stop_showing_to_converted_users']} label={t.ruleConverted} value={draft.stop_showing_to_converted_users} editing={editing} />
        <CheckField path={['display_if_adblock_active']} label={t.ruleAdblock} value={draft.display_if_adblock_active} editing={editing} />
        <TextField path={['engagement_with_other_poptin_filter']} label={t.ruleEngagement} value={draft.engagement_with_other_poptin_filter} editing={editing} />
        <FilterFields draft={draft} editing={editing} t={t} />
      </fieldset>
      <SettingsFields draft={draft} editing={editing} t={t} />
      <fieldset>
        <legend>{t.teaser}</legend>
        <CheckField path={['is_teasers_on']} label={t.teaserOn} value={draft.is_teasers_on} editing={editing} />
        <SelectField
          path={['teaser', 'display_mode']}
          label={t.teaserMode}
          value={draft.teaser?.display_mode}
          options={[['always', t.teaserAlways], ['before_show', t.teaserBefore], ['after_close', t.teaserAfter]]}
          editing={editing}
        />
        <TextField path={['teaser', 'label']} label={t.teaserLabel} value={draft.teaser?.label} editing={editing} />
        <SelectField path={['teaser', 'position']} label={t.teaserPosition} value={draft.teaser?.position} options={[['left', t.left], ['right', t.right]]} editing={editing} />
      </fieldset>
    </div>
  );
}

/**
 * The draft in a real `kite-poptin`, inline (as an embedded pop-up) so it follows every change,
 * without its entry effect (it is drawn again at each change); nothing is sent (no `api`).
 */
const inlinePreview = (draft: PoptinRecord): PoptinRecord => ({
  ...draft,
  poptin_type: 'embedded',
  design_properties: { ...draft.design_properties, poptin_design_entry_effect: 'none' },
});

/** The live preview, and a button that opens the draft as visitors see it (its own type, over this page). */
function Preview({ draft, draftText, lang, t }: { draft: PoptinRecord | null; draftText: string; lang: string; t: DashboardMessages }) {
  return (
    <section aria-labelledby="preview-heading" className="dashboard-preview">
      <h3 id="preview-heading">{t.previewHeading}</h3>
      {draft ? (
        <>
          <p>{t.previewNote}</p>
          {/* A new element per draft: a pop-up shows once, so a changed record is a new pop-up. */}
          <kite-poptin key={draftText} open lang={lang} poptin={inlinePreview(draft)} />
          <button
            type="button"
            onClick={() => {
              const shown = document.createElement('kite-poptin');
              shown.setAttribute('lang', lang);
              shown.poptin = draft;
              shown.addEventListener('kite-poptin-removed', () => shown.remove());
              document.body.append(shown);
              shown.toggleAttribute('open', true);
            }}
          >
            {t.previewOpen}
          </button>
        </>
      ) : (
        <p>{t.previewInvalid}</p>
      )}
    </section>
  );
}

export function EditorView({ actor, snapshot, t, lang }: SectionProps) {
  const { editing: target, draft, draftText, problem, saveError, previewLink, loadError } = snapshot.context;
  const state = (name: string) => snapshot.matches({ signedIn: { editor: name } } as never);
  const editing: Editing = { problem, set: (path, value) => actor.send({ type: 'DRAFT.SET', path, value }) };
  const isNew = target?.isNew ?? true;
  const jsonBox = useRef<HTMLTextAreaElement>(null);
  const problemSpan = problem ? locatePath(draftText, problem.path) : null;
  return (
    <section aria-labelledby="editor-heading" className="dashboard-section">
      <div className="dashboard-toolbar">
        <SectionHeading>
          <span id="editor-heading">
            {isNew ? t.editorHeadingNew : t.editorHeading} <code>{target?.id}</code>
          </span>
        </SectionHeading>
        <button type="button" onClick={() => actor.send({ type: 'SHOW.POPTINS' })}>
          {t.backToList}
        </button>
      </div>
      {state('loading') && <p role="status">{t.loading}</p>}
      {state('loadFailed') && <LoadFailed actor={actor} t={t} error={loadError} />}
      {!state('loading') && !state('loadFailed') && (
        <form
          className="dashboard-editor"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'DRAFT.SAVE' });
          }}
        >
          <div className="dashboard-toolbar">
            <button type="submit" disabled={problem !== null || state('saving')}>
              {state('saving') ? t.saving : t.save}
            </button>
            <p role="status" className="dashboard-save-state">
              {state('saved') && !previewLink ? t.saved : ''}
              {state('saveFailed') && `${t.saveFailed} ${saveError?.message}`}
            </p>
          </div>
          {/* Polite, not an alert: it changes as the owner types. */}
          <p role="status" className="dashboard-problem">
            {problem && `${t.invalidDraft} ${problem.path}: ${problem.message}`}
          </p>
          <div className="dashboard-editor-columns">
            <section aria-labelledby="form-heading">
              <h3 id="form-heading">{t.formHeading}</h3>
              {draft && <RecordForm draft={draft} editing={editing} t={t} />}
            </section>
            <div>
              <Preview draft={problem ? null : draft} draftText={draftText} lang={lang} t={t} />
              <section aria-labelledby="json-heading">
                <h3 id="json-heading">{t.jsonHeading}</h3>
                <label htmlFor="draft-json">{t.jsonLabel}</label>
                <textarea
                  ref={jsonBox}
                  id="draft-json"
                  className="dashboard-json"
                  dir="ltr"
                  spellCheck={false}
                  rows={20}
                  value={draftText}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? 'draft-json-error' : undefined}
                  onChange={(event) => actor.send({ type: 'DRAFT.EDIT_JSON', text: event.currentTarget.value })}
                />
                {problem && (
                  <p id="draft-json-error" className="dashboard-problem">
                    <code>{problem.path}</code>: {problem.message}
                  </p>
                )}
                {/* On request, never by itself: moving the caret while the owner types would lose their place. */}
                {problemSpan && (
                  <button
                    type="button"
                    onClick={() => {
                      const box = jsonBox.current!;
                      box.focus();
                      box.setSelectionRange(problemSpan.start, problemSpan.end);
                    }}
                  >
                    {t.jsonGoTo}
                  </button>
                )}
              </section>
              <section aria-labelledby="link-heading">
                <h3 id="link-heading">{t.previewLinkHeading}</h3>
                {isNew && <p>{t.previewLinkNeedsSave}</p>}
                <label htmlFor="preview-page">{t.previewLinkPage}</label>
                <input id="preview-page" name="preview-page" type="url" dir="ltr" defaultValue={`${location.origin}/`} />
                <button
                  type="button"
                  disabled={isNew || state('linking') || state('saving')}
                  onClick={(event) => {
                    const page = (event.currentTarget.form!.elements.namedItem('preview-page') as HTMLInputElement).value;
                    actor.send({ type: 'PREVIEW_LINK.REQUEST', url: page });
                  }}
                >
                  {t.previewLinkCreate}
                </button>
                {previewLink?.url && (
                  <p role="status">
                    <a href={previewLink.url} target="_blank" rel="noopener">
                      {previewLink.url}
                    </a>{' '}
                    {t.previewLinkExpires} <time dateTime={previewLink.expires_at}>{new Date(previewLink.expires_at).toLocaleString(lang)}</time>
                  </p>
                )}
              </section>
            </div>
          </div>
        </form>
      )}
    </section>
  );
}
