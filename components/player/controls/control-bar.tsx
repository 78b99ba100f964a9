/** The control bar (media-chrome's media-control-bar): one control per file, in this order. */
import type { PlayerParts, SendPlayerEvent } from '../player.connect.ts';
import { CaptionsMenu } from './captions-menu.tsx';
import { ChaptersMenu } from './chapters-menu.tsx';
import { FullscreenButton } from './fullscreen-button.tsx';
import { PlayButton } from './play-button.tsx';
import { ProgressSlider } from './progress-slider.tsx';
import { TimeDisplay } from './time-display.tsx';
import { VolumeControl } from './volume-control.tsx';

export function ControlBar({ parts, label, send }: { parts: PlayerParts; label: string; send: SendPlayerEvent }) {
  return (
    <div part="controls" className="controls" role="group" aria-label={label}>
      <PlayButton model={parts.play} send={send} />
      <TimeDisplay part="current-time" time={parts.currentTime} />
      <ProgressSlider model={parts.progress} send={send} />
      <TimeDisplay part="duration" time={parts.duration} />
      <VolumeControl mute={parts.mute} volume={parts.volume} send={send} />
      {parts.captions && <CaptionsMenu model={parts.captions} send={send} />}
      {parts.chapters && <ChaptersMenu model={parts.chapters} send={send} />}
      {parts.fullscreen && <FullscreenButton model={parts.fullscreen} send={send} />}
    </div>
  );
}
