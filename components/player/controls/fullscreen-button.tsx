/** Fullscreen on and off, of the whole player (media-chrome's media-fullscreen-button). */
import type { ButtonModel, SendPlayerEvent } from '../player.connect.ts';
import { ControlButton } from './control-button.tsx';

export function FullscreenButton({ model, send }: { model: ButtonModel; send: SendPlayerEvent }) {
  return <ControlButton part="fullscreen-button" {...model} send={send} />;
}
