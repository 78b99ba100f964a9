import { useEffect, useRef, useState } from 'react';
import { countdownEnd, remaining, runCountdown, type CountdownSpec, type Remaining } from '../../../shared/logic/countdown.ts';
import { CONTENT } from '../../../shared/constants/content.ts';
import { t, type MessageKey } from '../../../shared/i18n/blocks.ts';
import type { TimerVersion } from '../../../shared/schema/blocks.ts';
import { countdownStyles } from './countdown.styles.ts';
import { adoptsStyles } from '../../../shared/dom/adopt-styles.ts';

const adoptCountdownStyles = adoptsStyles(countdownStyles);

export interface CountdownProps {
  /** A time from now or a date, time and timezone (see `CountdownSpec`). */
  timer: CountdownSpec;
  /** design_properties `timer_ver`: 0 plain digits (default), 1 boxed, 2 a flip clock. */
  timerVer?: TimerVersion;
  /** When the pop-up was shown; a `from_now` timer counts from it. Default: when the countdown mounted. */
  shownAt?: Date;
  /** Page language of the unit labels; default `en`. */
  lang?: string;
  /**
   * Called once when the countdown ends, and for the flip clock (2) as soon as under one second
   * remains: the pop-up closes with close trigger `timer` (widget spec section 4).
   */
  onExpire?: () => void;
}

const UNITS: ReadonlyArray<[keyof Omit<Remaining, 'totalMs'>, MessageKey]> = [
  ['days', 'timerDays'],
  ['hours', 'timerHours'],
  ['minutes', 'timerMinutes'],
  ['seconds', 'timerSeconds'],
];

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * A countdown in days, hours, minutes and seconds (`role="timer"`, so screen readers read it on
 * request rather than every second), run by `runCountdown`.
 */
export function Countdown({ timer, timerVer = CONTENT.TIMER_VER.PLAIN, shownAt, lang = 'en', onExpire }: CountdownProps) {
  const [mountedAt] = useState(() => new Date());
  // A number, so a new but equal spec object does not restart the timer.
  const endMs = countdownEnd(timer, shownAt ?? mountedAt).getTime();
  const flip = timerVer === CONTENT.TIMER_VER.FLIP;
  const [left, setLeft] = useState(() => remaining(new Date(endMs), new Date()));
  const onExpireRef = useRef(onExpire);
  useEffect(() => {
    onExpireRef.current = onExpire;
  });
  // Survives an effect re-run (StrictMode, a new flip setting): one end, one onExpire.
  const expiredFor = useRef<number | null>(null);

  useEffect(
    () =>
      runCountdown(endMs, flip, setLeft, () => {
        if (expiredFor.current === endMs) return;
        expiredFor.current = endMs;
        onExpireRef.current?.();
      }),
    [endMs, flip],
  );

  return (
    <div part="countdown" ref={adoptCountdownStyles} className="kite-countdown" data-timer-ver={timerVer} role="timer" aria-label={t(lang, 'timerLabel')}>
      {UNITS.map(([unit, label]) => (
        <span part="countdown-unit" data-unit={unit} key={unit}>
          <span part="countdown-value">
            {flip
              ? // A new key per value remounts the card, which replays its flip animation.
                [...pad2(left[unit])].map((digit, index) => (
                  <span part="countdown-card" key={`${index}-${digit}`}>
                    {digit}
                  </span>
                ))
              : pad2(left[unit])}
          </span>
          <span part="countdown-label">{t(lang, label)}</span>
        </span>
      ))}
    </div>
  );
}
