/** Play / pause (media-chrome's media-play-button). */
import type { ButtonModel, SendPlayerEvent } from '../player.connect.ts';
import { ControlButton } from './control-button.tsx';

export function PlayButton({ model, send }: { model: ButtonModel; send: SendPlayerEvent }) {
  return <ControlButton part="play-button" {...model} send={send} />;
}
