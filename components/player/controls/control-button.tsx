/** A control bar button: its label, its icon, and the one machine event a press sends. */
import type { ButtonModel, SendPlayerEvent } from '../player.connect.ts';
import { Icon } from './icon.tsx';

export function ControlButton({ part, model, send }: { part: string; model: ButtonModel; send: SendPlayerEvent }) {
  return (
    <button type="button" part={`control ${part}`} aria-label={model.label} onClick={() => send(model.event)}>
      <Icon name={model.icon} />
    </button>
  );
}
