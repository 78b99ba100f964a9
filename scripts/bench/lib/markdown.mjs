// The report's pieces: sections, tables, cells and the run's notes.
import { kb } from '../../sizes.mjs';
import { median, percentile } from './measure.mjs';
import { RUNS } from './settings.mjs';

/** A `## title` section of blocks (paragraphs, tables), blank lines between them. */
export const section = (title, ...blocks) => [`## ${title}`, ...blocks.filter((block) => block !== '')].join('\n\n');
/**
 * `markdown` with its `## title` section (up to the next `## ` heading) replaced by `replacement`
 * (a whole section, heading included); throws when there is no such section.
 */
export function replaceSection(markdown, title, replacement) {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`no section "## ${title}" to replace`);
  const next = markdown.indexOf('\n## ', start + 1);
  const end = next < 0 ? markdown.length : next;
  return `${markdown.slice(0, start + 1)}${replacement.trimEnd()}\n${next < 0 ? '' : '\n'}${markdown.slice(end + 1)}`;
}

/**
 * `markdown` with each `## ` section of `measured` (one or more whole sections) put in place of
 * the section of the same title, `provenance` as its first paragraph; a section the report does
 * not have yet goes at its end. Returns the report and the titles written.
 */
export function mergeSections(markdown, measured, provenance) {
  let report = markdown;
  const titles = [];
  for (const part of measured.trim().split(/\n(?=## )/)) {
    const [heading, ...blocks] = part.split('\n\n');
    const title = heading.replace(/^## /, '');
    const replacement = [heading, provenance, ...blocks].join('\n\n');
    report = report.includes(`\n## ${title}\n`) ? replaceSection(report, title, replacement) : `${report.trimEnd()}\n\n${replacement.trimEnd()}\n`;
    titles.push(title);
  }
  return { report, titles };
}

/** A section that could not be measured, with why. */
export const unavailable = (title, error) => section(title, `Unavailable: ${error}`);

/** A markdown table; columns of figures are right-aligned so their units line up. */
export function table(headers, rows) {
  const isFigure = (text) => text === '' || text === 'n/a' || /^\**\d/.test(text);
  const align = headers.map((_, column) => (column > 0 && rows.every((row) => isFigure(String(row[column]))) ? '---:' : '---'));
  return [`| ${headers.join(' | ')} |`, `| ${align.join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

export const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
export const count = (value) => (Number.isFinite(value) ? String(value) : 'n/a');
export const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
export const bytes = (value) => (Number.isFinite(value) ? `${value} B (${kb(value)})` : 'n/a');
/** Text safe inside a table cell. */
export const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The runs cell of a `{ results, errors }` bucket: runs that gave a result of `runs`, with the first failure. */
export function runsCell(bucket, runs = RUNS) {
  const failed = bucket.errors.length ? ` (${bucket.errors.length} failed: ${cell(bucket.errors[0])})` : '';
  return `${bucket.results.length}/${runs}${failed}`;
}

/** A timing row's cells from a `{ results, errors }` bucket: runs (with the first failure), median and p90 of `pick`. */
export function timingCells(bucket, pick, runs = RUNS) {
  const values = bucket.results.map(pick).filter(Number.isFinite);
  return [runsCell(bucket, runs), ms(median(values)), ms(percentile(values, 90))];
}

const notes = [];
/** A line for the run's notes (something that went other than expected). */
export const addNote = (text) => notes.push(text);
export const notesSection = () => (notes.length ? section('Notes from this run', notes.map((note) => `- ${note}`).join('\n')) : '');

const failures = [];
/**
 * A check that failed in this run (not a figure that could not be measured): it is a note too,
 * and the run writes its report, then exits non-zero (index.mjs, alone.mjs).
 */
export function addFailure(text) {
  failures.push(text);
  addNote(`FAILED: ${text}`);
}
/** The checks that failed so far, or an empty list. */
export const failedChecks = () => [...failures];
