/**
 * A WAI-ARIA slider: arrow keys step, Home / End go to the ends, a press or a drag sets the value
 * (pointer captured). What each input means comes from the model (`player.connect.ts`). Memoized:
 * the volume slider, whose props a time update leaves equal, is not rendered again by one.
 */
import { memo, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { sliderKeyEvent, sliderRatio, type SendPlayerEvent, type SliderModel } from '../player.connect.ts';

export const Slider = memo(function Slider({ send, ...model }: SliderModel & { send: SendPlayerEvent }) {
  const track = useRef<HTMLDivElement>(null);
  const { part, ratio, buffered } = model;
  const setAt = (clientX: number) => {
    const rect = track.current!.getBoundingClientRect();
    const event = model.at(sliderRatio(clientX - rect.left, rect.width, model.rtl));
    if (event) send(event);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const request = sliderKeyEvent(model, event.key);
    if (!request) return;
    send(request);
    event.preventDefault(); // no page scroll
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks: the press still sets the value.
    }
    setAt(event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) setAt(event.clientX);
  };
  return (
    <div
      part={`slider ${part}`}
      className={`slider ${part}`}
      role="slider"
      tabIndex={0}
      aria-label={model.label}
      aria-valuemin={model.min}
      aria-valuemax={model.max}
      aria-valuenow={model.now}
      aria-valuetext={model.valueText}
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
    >
      <div part={`${part}-track`} className="track" ref={track}>
        {buffered !== undefined && <div part={`${part}-buffered`} className="buffered" style={{ inlineSize: `${buffered * 100}%` }} />}
        <div part={`${part}-fill`} className="fill" style={{ inlineSize: `${ratio * 100}%` }} />
        <div part={`${part}-thumb`} className="thumb" style={{ insetInlineStart: `${ratio * 100}%` }} />
      </div>
    </div>
  );
});
