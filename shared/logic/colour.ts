/**
 * Is a value a CSS colour, and nothing else? A record's colours go into the pop-up's style as
 * custom properties; a value that is not a colour could load a URL (`url(...)`, which tells a
 * stranger who saw the pop-up), run old IE's `expression(...)` or break out of its declaration
 * (`red; }`), so only these forms pass: hex (#rgb, #rgba, #rrggbb, #rrggbbaa), rgb()/rgba()/hsl()/
 * hsla() with numbers and percentages (comma or space syntax, `/ alpha`), the named colours,
 * `transparent` and `currentcolor`, in any letter case. Pure: never throws.
 *
 * Two depths of one check: `isColourSyntax` lets any single word stand for a name (nothing in a
 * word can load or break out; the browser ignores a word that names no colour), so the widget
 * does without the list of names; `isCssColour` also knows the names, for the server to refuse a
 * misspelt one with a reason.
 */

const HEX = /^#(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i;

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?`;
const PERCENTAGE_OR_NUMBER = `${NUMBER}%?`;
const HUE = `${NUMBER}(?:deg|grad|rad|turn)?`;

/** `f(a, b, c[, alpha])` or `f(a b c[ / alpha])`, with `first` the first argument's form. */
function colourFunction(names: string, first: string): RegExp {
  const rest = PERCENTAGE_OR_NUMBER;
  const commas = String.raw`\s*${first}\s*,\s*${rest}\s*,\s*${rest}\s*(?:,\s*${rest}\s*)?`;
  const spaces = String.raw`\s*${first}\s+${rest}\s+${rest}\s*(?:\/\s*${rest}\s*)?`;
  return new RegExp(String.raw`^(?:${names})\((?:${commas}|${spaces})\)$`, 'i');
}

const RGB = colourFunction('rgba?', PERCENTAGE_OR_NUMBER);
const HSL = colourFunction('hsla?', HUE);

/** CSS Color Level 4's named colours, with the keywords `transparent` and `currentcolor`. */
const NAMED_COLOURS =
  'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood ' +
  'cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray ' +
  'darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
  'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue ' +
  'firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew ' +
  'hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
  'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
  'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue ' +
  'mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred ' +
  'midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
  'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple ' +
  'rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue ' +
  'slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white ' +
  'whitesmoke yellow yellowgreen transparent currentcolor';
/** Built on the first check that needs it; a bundle that never calls isCssColour drops the names. */
let namedColours: Set<string> | undefined;

/** Longest colour accepted: `rgba(255.5, 255.5, 255.5, 0.55)` and its like fit well within it. */
export const COLOUR_MAX_LENGTH = 64;

const WORD = /^[a-z]+$/i;

/** True when `value` is a string shaped as one colour: hex, rgb()/hsl() of numbers, or one word. */
export function isColourSyntax(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > COLOUR_MAX_LENGTH) return false;
  return HEX.test(value) || WORD.test(value) || RGB.test(value) || HSL.test(value);
}

/** True when `value` is a string holding one CSS colour and nothing else. */
export function isCssColour(value: unknown): value is string {
  if (!isColourSyntax(value)) return false;
  namedColours ??= new Set(NAMED_COLOURS.split(' '));
  return !WORD.test(value) || namedColours.has(value.toLowerCase());
}
