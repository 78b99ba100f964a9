/**
 * A control bar button: its label, its icon, and the one machine event a press sends. Memoized: a
 * time update, which changes none of these, does not render it again.
 */
import { memo } from 'react';
import type { ButtonModel, SendPlayerEvent } from '../player.connect.ts';
import { Icon } from './icon.tsx';

export const ControlButton = memo(function ControlButton({ part, label, icon, event, send }: ButtonModel & { send: SendPlayerEvent }) {
  return (
    <button type="button" part={`control ${part}`} aria-label={label} onClick={() => send(event)}>
      <Icon name={icon} />
    </button>
  );
});
