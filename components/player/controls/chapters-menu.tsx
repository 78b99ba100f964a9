/** A jump to a chapter, the one playing checked (media-chrome's media-chapters-menu). */
import type { MenuModel, SendPlayerEvent } from '../player.connect.ts';
import { MenuButton } from './menu-button.tsx';

export function ChaptersMenu({ model, send }: { model: MenuModel; send: SendPlayerEvent }) {
  return <MenuButton model={model} send={send} />;
}
