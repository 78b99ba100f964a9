/**
 * The control bar (media-chrome's media-control-bar), in this order: play, the position, seeking,
 * the duration, mute and volume, captions, chapters, fullscreen. Each control is one of the generic
 * ones (button, slider, time, menu button) given its model from `connect`.
 */
import type { PlayerParts, SendPlayerEvent } from '../player.connect.ts';
import { ControlButton } from './control-button.tsx';
import { MenuButton } from './menu-button.tsx';
import { Slider } from './slider.tsx';
import { TimeDisplay } from './time-display.tsx';

export function ControlBar({ parts, label, send }: { parts: PlayerParts; label: string; send: SendPlayerEvent }) {
  return (
    <div part="controls" className="controls" role="group" aria-label={label}>
      <ControlButton {...parts.play} send={send} />
      <TimeDisplay part="current-time" time={parts.currentTime} />
      <Slider {...parts.progress} send={send} />
      <TimeDisplay part="duration" time={parts.duration} />
      <ControlButton {...parts.mute} send={send} />
      <Slider {...parts.volume} send={send} />
      {parts.captions && <MenuButton {...parts.captions} send={send} />}
      {parts.chapters && <MenuButton {...parts.chapters} send={send} />}
      {parts.fullscreen && <ControlButton {...parts.fullscreen} send={send} />}
    </div>
  );
}
