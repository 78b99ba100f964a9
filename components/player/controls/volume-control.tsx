/** Mute and volume (media-chrome's media-mute-button and media-volume-range). */
import type { ButtonModel, SendPlayerEvent, SliderModel } from '../player.connect.ts';
import { ControlButton } from './control-button.tsx';
import { Slider } from './slider.tsx';

export function VolumeControl({ mute, volume, send }: { mute: ButtonModel; volume: SliderModel; send: SendPlayerEvent }) {
  return (
    <>
      <ControlButton part="mute-button" {...mute} send={send} />
      <Slider {...volume} send={send} />
    </>
  );
}
