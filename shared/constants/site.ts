/**
 * Every number of the content-site spec (specs/001), named, with a pointer to its section.
 * No spec number appears anywhere else in the code or the tests: import it from here.
 */

/** Fold / unfold sections, sections 4 and 9. */
export const FOLD = {
  /** The change event fires this long after a toggle. */
  CHANGE_EVENT_MS: 500,
  /** Added to the measured content height when unfolded, so late-growing content is not cut. */
  UNFOLDED_EXTRA_PX: 200,
  /** Resize debounce for fold sections. */
  RESIZE_DEBOUNCE_MS: 200,
  /** The contexts a section may declare (section 3). */
  CONTEXTS: ['avia_sc_text', 'avia_sc_grid_row', 'avia_sc_section', 'avia_sc_columns'],
} as const;

/** Resize debounces, section 9. */
export const RESIZE = {
  THEME_DEBOUNCE_MS: 150,
  MASONRY_DEBOUNCE_MS: 100,
} as const;

/**
 * Breakpoints, sections 2 and 9: mini up to 479 px, small 480-767, medium 768-989, desktop 990 and up
 * (viewport widths in CSS pixels). Each name holds from the previous maximum + 1 to its own maximum.
 */
export const BREAKPOINTS = {
  /** Widest viewport that is `mini`. */
  MINI_MAX_PX: 479,
  /** Widest viewport that is `small`. */
  SMALL_MAX_PX: 767,
  /** Widest viewport that is `medium`; anything wider is `desktop`. */
  MEDIUM_MAX_PX: 989,
  /** Narrowest viewport that is `desktop`. */
  DESKTOP_MIN_PX: 990,
} as const;

/** Smooth scrolling and the scroll-to-top link, sections 2 ("In-page anchors", "Scroll-to-top") and 9. */
export const SCROLL = {
  /** Duration of a smooth scroll to an anchor (easeInOutQuint); instant under reduced motion. */
  SMOOTH_MS: 1_200,
  /** The scroll-to-top link shows once the page is scrolled this far or more. */
  TO_TOP_THRESHOLD_PX: 500,
} as const;

/** Sticky, shrinking, transparent header, sections 3 ("Header"), 4 ("Header") and 9. */
export const HEADER = {
  /** Default shrink threshold as a percentage of the full height ("half the height"); `shrink-factor` overrides it. */
  SHRINK_FACTOR_DEFAULT_PERCENT: 50,
  /** `scrolled-full` once scrolled beyond the full height plus this. */
  SCROLLED_FULL_EXTRA_PX: 30,
  /** A transparent header loses its transparency once scrolled more than this. */
  TRANSPARENCY_CUTOFF_PX: 50,
} as const;

/** Preloader and page transitions, sections 4 ("Preloader"), 5 ("Page transition") and 9. */
export const PRELOADER = {
  /** The fade out starts this long after the page's load event. */
  START_DELAY_MS: 500,
  /** The preloader hides after this long even if the page never finishes loading. */
  FALLBACK_MS: 4_000,
  /** The page's assets are checked this often... */
  CHECK_INTERVAL_MS: 500,
  /** ...at most this many times; after the last check the preloader fades out anyway. */
  CHECK_MAX_LOOPS: 10,
} as const;

/** The language switcher's cookie, section 1 and 9 ("Language cookie"). */
export const LANGUAGE_COOKIE = {
  /** Name of the cookie the switcher writes. */
  NAME: 'kite_language',
  /** It expires this many days after the switch. */
  MAX_AGE_DAYS: 1,
  /** The language read when there is no (valid) cookie. */
  DEFAULT: 'en',
} as const;

/** Contact form, sections 4, 5 and 9. */
export const CONTACT_FORM = {
  /** On success the form slides up, then the response slides down, each this long (section 9 "Form"). */
  SLIDE_MS: 400,
  /** `is_email` and its variants: fewest letters of the top-level domain (section 5). */
  EMAIL_TLD_MIN_LETTERS: 2,
  /** `is_email` and its variants: most letters of the top-level domain (section 5). */
  EMAIL_TLD_MAX_LETTERS: 20,
  /** `is_phone`: fewest characters (section 5). */
  PHONE_MIN_CHARS: 3,
} as const;

/** Lightbox, sections 4 ("Lightbox"), 8 and 9. */
export const LIGHTBOX = {
  /** Closing: the lightbox stays this long (its fade and zoom out) before it is removed. */
  REMOVAL_DELAY_MS: 300,
  /** Gallery preload: this many items before the current one are loaded ahead... */
  PRELOAD_BEFORE: 1,
  /** ...and this many after it. */
  PRELOAD_AFTER: 1,
  /** Between a previous / next command and the change: the current item fades out meanwhile. */
  NAVIGATION_DELAY_MS: 120,
  /** The zoom in when the lightbox opens: the duration of an opt-in effect (`zoom`), as in the spec's source. */
  ZOOM_MS: 300,
  /**
   * Image load: the spec retries 200 times at 100 ms. The browser's own load and error events
   * replace the polling; these bound the wait: an image neither loaded nor failed after
   * `IMAGE_RETRY_COUNT * IMAGE_RETRY_INTERVAL_MS` counts as failed.
   */
  IMAGE_RETRY_COUNT: 200,
  IMAGE_RETRY_INTERVAL_MS: 100,
} as const;

/**
 * Gallery: thumbnails and a big preview, sections 2 ("Gallery") and 9 ("Gallery", "Preload check").
 * The thumbnails' images are waited for as the preloader waits for the page's (`PRELOADER`'s check).
 */
export const GALLERY = {
  /** Each thumbnail fades in this long after the one before it, once their images are loaded. */
  THUMB_FADE_STAGGER_MS: 110,
  /** The thumbnails' images are checked this often while they load... */
  PRELOAD_CHECK_INTERVAL_MS: PRELOADER.CHECK_INTERVAL_MS,
  /** ...at most this many times; after the last check they are shown anyway. */
  PRELOAD_CHECK_MAX_LOOPS: PRELOADER.CHECK_MAX_LOOPS,
} as const;

/** Animated numbers, sections 3 ("Animated number") and 9 ("Animated number"). */
export const COUNTER = {
  /** Once scrolled into view, the count starts this long after. */
  START_DELAY_MS: 300,
  /** The count lasts this long unless the `timer` attribute says otherwise (the theme's `data-timer`). */
  DURATION_MS: 3_000,
} as const;

/** Parallax backgrounds, sections 3 ("Parallax") and 9 ("Parallax"). */
export const PARALLAX = {
  /** Elements with `av-parallax` get `enabled-parallax` this long after they are set up. */
  ENABLE_DELAY_MS: 50,
  /** Speed when none is given: the layer moves this share of the scroll. */
  DEFAULT_SPEED: 0.5,
  /** The layer is oversized by this share of its height (times the speed), so its moves never show an edge. */
  OFFSET_FACTOR: 0.3,
  /** The class the spec names: elements with it are the parallax layers. */
  LAYER_CLASS: 'av-parallax',
  /** The class the layers get once enabled (non-mobile devices only). */
  ENABLED_CLASS: 'enabled-parallax',
} as const;

/** Swipe gestures, sections 2 ("Swipe navigation") and 9. */
export const SWIPE = {
  /** Least horizontal travel of a swipe; a shorter or more vertical move is no swipe. */
  MIN_HORIZONTAL_PX: 50,
  /** After a swipe, further swipes are ignored this long. */
  LOCK_MS: 300,
} as const;

/** Slideshow and carousel (`kite-slider`), sections 3 ("Slider options"), 4 ("Slider"), 8 and 9 ("Slider"). */
export const SLIDER = {
  /** Autoplay shows each slide this long (the `interval` attribute, in seconds, overrides it). */
  INTERVAL_DEFAULT_S: 5,
  /** A slide change takes this long (the `transition-speed` attribute, in milliseconds, overrides it). */
  TRANSITION_MS: 900,
  /** The easing of a slide change (`easeInOutQuart` in shared/logic/easing.ts). */
  EASING: 'easeInOutQuart',
  /** In carousel mode this many slides are shown at once (`carousel-slides-to-show` overrides it)... */
  CAROUSEL_SLIDES_TO_SHOW: 3,
  /** ...and a step moves this many. */
  CAROUSEL_SLIDES_TO_SCROLL: 1,
  /**
   * Beyond the spec: on narrow windows a carousel shows at most this many slides, whatever
   * `carousel-slides-to-show` asks (three cards side by side on a 390 px phone are 120 px each).
   * By the theme's breakpoints (`BREAKPOINTS`); `medium` and `desktop` show all that are asked for.
   */
  CAROUSEL_MOST_SHOWN: { mini: 1, small: 2 },
  /** Navigation needs at least this many slides (positions, in carousel mode); with fewer it is ignored. */
  MIN_SLIDES: 2,
} as const;

/**
 * Media player, sections 4, 8 and 9 ("Media player"), and the embedded video service's
 * player states and error codes (section 8 "Media errors").
 */
export const PLAYER = {
  /** Default video size when the media gives none. */
  VIDEO_WIDTH_PX: 480,
  VIDEO_HEIGHT_PX: 270,
  /** Default audio player size ("400x40 in one reading and 400x30 in another": the taller one, a comfortable hit target). */
  AUDIO_WIDTH_PX: 400,
  AUDIO_HEIGHT_PX: 40,
  /** The video's aspect ratio when it has no size of its own: 16:9. */
  ASPECT_WIDTH: 16,
  ASPECT_HEIGHT: 9,
  /** Volume at start, 0 to 1. */
  START_VOLUME: 0.8,
  /** Volume change per arrow key. */
  VOLUME_STEP: 0.1,
  /** Seek per arrow key, as a share of the duration (5%). */
  SEEK_STEP_RATIO: 0.05,
  /** Controls hide this long after the last activity while a video plays... */
  CONTROLS_HIDE_MS: 1_500,
  /** ...this long after the pointer enters the player... */
  CONTROLS_HIDE_AFTER_ENTER_MS: 2_500,
  /** ...and this long after it leaves. */
  CONTROLS_HIDE_AFTER_LEAVE_MS: 1_000,
  /** Frames per second of a time code's fourth part (hh:mm:ss:ff). */
  FRAMES_PER_SECOND: 25,
  /** A time update is emitted this often while playing. */
  TIME_UPDATE_MS: 250,
  /** Debounce of the poster's resize to the player in the reference player. Kept for the record: here CSS (`object-fit`) sizes the poster, nothing waits. */
  POSTER_RESIZE_MS: 50,
  /** Android fires no `canplay`: the loading overlay hides this long after `loadeddata` there. */
  ANDROID_CANPLAY_MS: 300,
  /** Streaming (HLS) error recovery window: a fatal media error within it escalates. */
  HLS_RECOVERY_WINDOW_MS: 3_000,
  /** The embedded video service's player states (its `onStateChange` values). */
  YOUTUBE_STATE: { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 },
  /** The embedded video service's error codes (its `onError` values). */
  YOUTUBE_ERROR: { INVALID_PARAMETER: 2, HTML5: 5, NOT_FOUND: 100, NOT_EMBEDDABLE: 101, NOT_EMBEDDABLE_DISGUISED: 105 },
  /** Origins the embed may be served from; messages are accepted only from the one the player's iframe uses. */
  YOUTUBE_ORIGINS: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
  /** Length of a video id of the embedded video service. */
  YOUTUBE_ID_LENGTH: 11,
} as const;

/**
 * Lazy video embeds, sections 2 ("Video embeds: lazy-loaded"), 3 ("Embedded-video poster
 * qualities") and 4 ("Video consent").
 */
export const VIDEO_EMBED = {
  /**
   * The video service's thumbnail names (section 3), best first: a poster asked in one quality
   * falls back down this list when that one is missing.
   */
  POSTER_QUALITIES: ['maxresdefault', 'sddefault', 'hqdefault', 'mqdefault', 'default'],
  /** The quality asked when the element names none: the largest one every video has. */
  DEFAULT_POSTER_QUALITY: 'hqdefault',
  /** A poster not loaded within this long falls back to the next quality down (the theme's 2 s fallback timer). */
  POSTER_FALLBACK_MS: 2_000,
  /**
   * The service answers a missing thumbnail with its grey placeholder of this width (for every
   * quality name): a poster this narrow in a quality above `default` counts as missing.
   */
  MISSING_POSTER_WIDTH_PX: 120,
} as const;

/** Table of contents, sections 2 ("Table of contents"), 3, 5 and 9 ("Header"). */
export const TOC = {
  /** Heading tags read when the container names none (`level`, section 3). */
  DEFAULT_LEVELS: ['h1'],
  /** Class that keeps a heading out of the table (section 5). */
  SKIP_CLASS: 'no-toc',
  /** A smooth scroll to an anchor stops this far above it, plus the sticky header's height (section 9 "Header"). */
  ANCHOR_OFFSET_PX: 50,
  /**
   * Beyond the spec, the entry being read: the first heading in the top share of the window (below
   * the anchor offset), this many percent of its height; with none there, the last one above it.
   */
  READING_ZONE_PERCENT: 50,
  /** First number added to a repeated slug (`intro`, `intro-2`, `intro-3`, ...). */
  FIRST_REPEAT_SUFFIX: 2,
} as const;

/** Burger menu overlay, sections 2 ("Burger-menu overlay"), 4 ("Burger menu") and 9. */
export const BURGER_MENU = {
  /** The overlay's items appear one after another, this far apart. */
  ITEM_STAGGER_MS: 125,
  /** On a phone, the burger replaces the main menu below this viewport width... */
  PHONE_WIDTH_PX: 768,
  /** ...elsewhere (tablets, narrow desktop windows) below this one. */
  OTHER_WIDTH_PX: 990,
} as const;

/** Dropdowns and mega menus of the main menu, sections 2 ("Main menu") and 9 ("Mega menu"). */
export const MEGA_MENU = {
  /** A pointer resting on an item opens its dropdown after this long (a pointer passing over opens nothing)... */
  HOVER_DELAY_MS: 300,
  /** ...and the dropdown fades in or out over this long. */
  FADE_MS: 300,
  /** Focus entering an item opens its dropdown after this long (Tab moving on through it opens nothing). */
  FOCUS_DELAY_MS: 50,
} as const;

/** Tab sets, sections 2 ("Tab sets") and 4 ("Tabs"): the theme's markup the element reads. */
export const TABS = {
  /** Attribute of a tab title naming the URL hash that opens it (`#<fake-id>`). */
  FAKE_ID_ATTRIBUTE: 'data-fake-id',
  /** Class of a tab set whose titles stand in a column beside the panels (the theme's sidebar tabs): Up and Down move between them. */
  VERTICAL_CLASS: 'sidebar_tab',
} as const;

/** Tooltips, section 9 ("Tooltip"). */
export const TOOLTIP = {
  /** A pointer resting on the trigger shows the tooltip after this long (a pointer passing over shows nothing). */
  DELAY_MS: 1_500,
  /** Leaving the trigger and the tooltip hides it this long after (time to move onto the tooltip, WCAG 1.4.13). */
  HIDE_DELAY_MS: 300,
  /** The tooltip fades in or out over this long (at once with reduced motion). */
  ANIMATION_MS: 200,
  /** Gap between the trigger and the tooltip, and the least margin kept to the window's edges. */
  GAP_PX: 8,
} as const;

/**
 * Animated sections, sections 5 ("Animated offset classes") and 9 ("Waypoint trigger delay",
 * "Animation stagger"): items the theme marks reveal as they come into view.
 */
export const ANIMATION = {
  /** An item seen in view triggers its reveal this long after (the theme's waypoint delay). */
  WAYPOINT_DELAY_MS: 100,
  /** Each item waiting in the reveal queue starts this long after the one before it. */
  STAGGER_MS: 100,
  /** At most this many items wait in the queue at first (a longer wait is not added)... */
  QUEUE_CAP: 10,
  /** ...and this many once the page has run this long (QUEUE_CAP_RAISE_AFTER_MS). */
  QUEUE_CAP_RAISED: 20,
  QUEUE_CAP_RAISE_AFTER_MS: 500,
  /** An offset class (`av-animated-when-visible-<n>`) counts only below this: the item triggers when its top passes n % of the window's height. */
  OFFSET_LIMIT: 100,
  /** The theme's animation classes and the share of the window's height (percent from the top) at which each triggers. */
  OFFSETS_PERCENT: { avia_animate_when_visible: 100, avia_animate_when_almost_visible: 80, 'av-animated-generic': 95 },
} as const;

/** Minimum-height presets, section 9: `av-minimum-height-<n>` sections are at least n % of the window's height. */
export const MIN_HEIGHT = {
  PRESETS_PERCENT: [25, 50, 75, 100],
} as const;

/** Colour and font-size classes, section 5 ("Class-name helpers"). */
export const CLASS_HELPERS = {
  /** `av-custom-color-<hex>`: text colour `#<hex>`, 3 or 6 hex digits. */
  COLOUR_PREFIX: 'av-custom-color-',
  /** The hex digit counts a colour class may have. */
  HEX_LENGTHS: [3, 6],
  /** `av-font-size-<number>-<unit>`: exactly two parts after the prefix. */
  FONT_SIZE_PREFIX: 'av-font-size-',
  /** The units a font-size class may name. */
  FONT_SIZE_UNITS: ['px', 'em', 'rem', 'vw', 'vh', 'pt'],
} as const;

/**
 * Live search, sections 2 ("Live search"), 4, 5, 7 and 9 ("Live search"): the header's search
 * field shows results from the site's ajax endpoint under it as the visitor types.
 */
export const LIVE_SEARCH = {
  /** A search starts only once the field holds at least this many characters. */
  MIN_CHARS: 3,
  /** A search starts this long after the last keystroke (typing on restarts the wait). */
  DELAY_MS: 300,
  /** The `action` value posted with the search form: the theme's search handler. */
  ACTION: 'avia_ajax_search',
  /** The answer that means "no results". */
  NO_RESULTS_ANSWER: '0',
  /** Class of a search form (or an ancestor) whose field must not search live: the theme's disable flag. */
  DISABLE_CLASS: 'av_disable_ajax_search',
  /** Class of one result link in the answer's fragment, as the theme's search handler writes it. */
  ENTRY_CLASS: 'av_ajax_search_entry',
  /** Class the field gets while its results are parked (hidden by a click outside). */
  PARKED_CLASS: 'av-results-parked',
} as const;

/**
 * The site's ajax endpoint, section 7 ("The calls it makes"): the theme names it in a global
 * settings object, on the site's own host, with `lang=en`. Live search and masonry's load-more post to it.
 */
export const AJAX_ENDPOINT = {
  /** The global settings object the theme sets (`window.avia_framework_globals`)... */
  GLOBAL: 'avia_framework_globals',
  /** ...and its field holding the endpoint's URL. */
  FIELD: 'ajaxurl',
  /** The language parameter of the endpoint's URL. */
  LANG_PARAM: 'lang',
} as const;

/** Where the theme's ajax endpoint lives on the site's host (WordPress's `admin-ajax.php`), as the reference server serves it. Apart from AJAX_ENDPOINT: no element needs it. */
export const AJAX_PATH = '/wp-admin/admin-ajax.php';

/**
 * Masonry grid, sections 2 ("Masonry grid"), 3 ("Masonry load-more"), 4 ("Masonry"), 7 ("Masonry
 * load-more"), 8 ("Masonry") and 9 ("Masonry", "Resize debounce", "Breakpoints"): the theme's
 * markup (`.av-masonry`) the element reads, and its timings.
 */
export const MASONRY = {
  /** Each newly loaded item reveals this long after the one before it (the first at once). */
  REVEAL_DELAY_MS: 100,
  /** The grid is laid out again this long after its width last changed. */
  RESIZE_DEBOUNCE_MS: RESIZE.MASONRY_DEBOUNCE_MS,
  /** The `action` value posted by load-more: the theme's handler. */
  ACTION: 'avia_ajax_masonry_more',
  /** The answer holds this marker, then the items' markup; an answer without it is a failure. */
  LOADED_MARKER: '{av-masonry-loaded}',
  /** Items a load asks for when the button names none (the theme's default `items`; the spec names no number). */
  ITEMS_PER_LOAD_DEFAULT: 24,
  /** The filter of the "All" link: every item carries it as a class. A link's filter `x` matches items with class `x`. */
  ALL_FILTER: 'all_sort',
  /** Class of the current sort link (the theme's). */
  ACTIVE_SORT_CLASS: 'active_sort',
  /** Class the load-more button gets once no more items are left (the theme's no-more-items flag). */
  NO_MORE_CLASS: 'av-masonry-no-more-items',
  /** Class an item gets as it reveals. */
  ITEM_LOADED_CLASS: 'av-masonry-item-loaded',
  /** Attribute holding an item's id: the ids shown are posted as `loaded`. */
  ITEM_ID_ATTRIBUTE: 'data-av-masonry-item',
  /** Columns by the grid's own width, read as a breakpoint (section 9 "Breakpoints"): the theme's automatic columns. */
  COLUMNS: { mini: 1, small: 2, medium: 3, desktop: 4 },
} as const;
