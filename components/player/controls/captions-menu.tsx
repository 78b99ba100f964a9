/** The caption track shown, or none (media-chrome's media-captions-menu). */
import type { MenuModel, SendPlayerEvent } from '../player.connect.ts';
import { MenuButton } from './menu-button.tsx';

export function CaptionsMenu({ model, send }: { model: MenuModel; send: SendPlayerEvent }) {
  return <MenuButton model={model} send={send} />;
}
