import { LitElement, html } from 'lit';
import { counterMachine } from '../../machines/counter/counter.machine.ts';
import { defineElement } from '../../shared/dom/define-element.ts';
import { everyFrame } from '../../shared/dom/frame-loop.ts';
import { MachineController } from '../../shared/dom/machine-controller.ts';
import { prefersReducedMotion } from '../../shared/dom/reduced-motion.ts';
import { counterValueAt, decimalsOf, formatCounter, parseCounterNumber } from '../../shared/logic/counter.ts';
import { counterStyles } from './counter.styles.ts';

/**
 * An animated number. The theme
 * writes the final number as the element's content, so the page reads it without JavaScript.
 *
 * Once the counter is first scrolled into view it waits `COUNTER.START_DELAY_MS`, then counts
 * from `start-from` to `number` in `timer` ms (default `COUNTER.DURATION_MS`), in a straight line
 * as the theme does, one value per animation frame; the digits keep the final number's width
 * (leading zeros) and `number-format` goes between each group of three digits. With
 * `prefers-reduced-motion: reduce` the final number shows at once. Screen readers read the final
 * number only: the moving digits are hidden from them.
 *
 * @summary Animated number that counts up once scrolled into view.
 *
 * @slot - The final number as the theme writes it (shown without JavaScript); read when `number` is absent.
 *
 * @attr {string} number - The final number, plain digits (`1250`, `99.5`). Default: the number in the content.
 * @attr {number} start-from - The number the count starts at. Default `0`.
 * @attr {string} number-format - Thousands separator (`,`, `.`, a space). Default: none.
 * @attr {number} timer - Duration of the count in ms. Default `COUNTER.DURATION_MS`.
 *
 * @event kite-counter-start - The count began. `detail: { from }`.
 * @event kite-counter-end - The final number shows. `detail: { value }`.
 *
 * @csspart value - The number as shown (hidden from screen readers); `data-state` is `idle`, `delaying`, `counting` or `done`.
 * @csspart final - The final number, visually hidden, for screen readers.
 *
 * @cssproperty --kite-counter-digits - `font-variant-numeric` of the digits. Default `tabular-nums`.
 */
export class KiteCounter extends LitElement {
  static override styles = counterStyles;
  static override properties = {
    number: { type: String },
    startFrom: { type: Number, attribute: 'start-from' },
    numberFormat: { type: String, attribute: 'number-format' },
    timer: { type: Number },
  };

  /** The final number (reflects `number`). */
  declare number: string | undefined;
  /** The starting number (reflects `start-from`). */
  declare startFrom: number | undefined;
  /** Thousands separator (reflects `number-format`). */
  declare numberFormat: string | undefined;
  /** Duration of the count in ms (reflects `timer`). */
  declare timer: number | undefined;

  readonly #machine = new MachineController(this, {
    machine: counterMachine,
    surface: 'counter',
    input: () => ({ from: this.#from(), to: this.#to(), durationMs: this.timer, reducedMotion: prefersReducedMotion() }),
  });
  #observer: IntersectionObserver | null = null;
  /** Stops the frame-by-frame drawing of the count; null while not counting. */
  #stopDrawing: (() => void) | null = null;

  #written(): string {
    return this.number ?? this.textContent ?? '';
  }

  #to(): number {
    const to = parseCounterNumber(this.#written());
    return Number.isFinite(to) ? to : 0;
  }

  #from(): number {
    return Number.isFinite(this.startFrom) ? this.startFrom! : 0;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#observer = new IntersectionObserver((records) => {
      if (!records.some((record) => record.isIntersecting)) return;
      this.#observer?.disconnect();
      this.#machine.send({ type: 'VIEW.ENTER' });
    });
    this.#observer.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#observer?.disconnect();
    this.#observer = null;
    this.#stopDrawing?.();
    this.#stopDrawing = null;
  }

  #text(value: number): string {
    return formatCounter(value, this.#to(), decimalsOf(this.#written()), this.numberFormat ?? '');
  }

  override updated(): void {
    const snapshot = this.#machine.snapshot;
    const value = this.renderRoot.querySelector('[part~="value"]')!;
    if (!snapshot.matches('counting')) {
      this.#stopDrawing?.();
      this.#stopDrawing = null;
      value.textContent = this.#text(snapshot.matches('done') ? snapshot.context.to : snapshot.context.from);
      return;
    }
    if (this.#stopDrawing) return;
    const start = Date.now();
    const { from, to, durationMs } = snapshot.context;
    const decimals = decimalsOf(this.#written());
    const separator = this.numberFormat ?? '';
    // One text node whose data each frame replaces (lit renders the span once, empty): no lit
    // render and no new node per frame per counter; the value is a function of the time only.
    const digits = document.createTextNode('');
    value.replaceChildren(digits);
    this.#stopDrawing = everyFrame((now) => {
      const text = formatCounter(counterValueAt(from, to, now - start, durationMs, decimals), to, decimals, separator);
      if (digits.data !== text) digits.data = text;
    });
  }

  override render() {
    const state = String(this.#machine.snapshot.value);
    return html`<span part="value" data-state=${state} aria-hidden="true"></span><span part="final">${this.#text(this.#machine.snapshot.context.to)}</span>`;
  }
}

defineElement('kite-counter', KiteCounter);

declare global {
  interface HTMLElementTagNameMap {
    'kite-counter': KiteCounter;
  }
}
