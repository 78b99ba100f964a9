/** The position, and seeking (media-chrome's media-time-range): a slider with the buffered share. */
import type { SendPlayerEvent, SliderModel } from '../player.connect.ts';
import { Slider } from './slider.tsx';

export function ProgressSlider({ model, send }: { model: SliderModel; send: SendPlayerEvent }) {
  return <Slider {...model} send={send} />;
}
