/**
 * A WAI-ARIA menu button with radio items: Enter, Space or Down opens it on the checked item, Up on
 * the last; Up / Down / Home / End move, Escape closes back to the button, Tab closes, and a press
 * anywhere else closes it. The machine keeps which menu is open and where it opened. Memoized: a
 * closed menu's props (no items) are the same after a time update.
 */
import { memo, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { menuButtonKey, menuKey, type MenuModel, type SendPlayerEvent } from '../player.connect.ts';
import { Icon } from './icon.tsx';

const itemsOf = (list: HTMLElement | null) => [...(list?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];

export const MenuButton = memo(function MenuButton({ send, ...model }: MenuModel & { send: SendPlayerEvent }) {
  const { menu, label, open, focus } = model;
  const id = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const entries = itemsOf(list.current);
    const checked = entries.find((entry) => entry.getAttribute('aria-checked') === 'true');
    (focus === 'last' ? entries.at(-1) : (checked ?? entries[0]))?.focus();
    // A press anywhere else closes the menu (composedPath: the press may be inside this shadow root).
    const outside = (event: Event) => {
      if (!event.composedPath().includes(wrap.current!)) send({ type: 'MENU.CLOSE' });
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open, focus, send]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    const request = menuButtonKey(menu, event.key);
    if (!request) return;
    event.preventDefault();
    send(request);
  };
  const onMenuKeyDown = (event: KeyboardEvent) => {
    const entries = itemsOf(list.current);
    const intent = menuKey(event.key, entries.indexOf(event.target as HTMLElement), entries.length);
    if (!intent) return;
    if ('focus' in intent) entries[intent.focus]?.focus();
    else {
      send({ type: 'MENU.CLOSE' });
      if (intent.close === 'moving-on') return; // focus moves on as usual
      button.current?.focus();
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div className="menu-wrap" ref={wrap}>
      <button
        ref={button}
        type="button"
        part={`control ${menu}-button`}
        aria-label={label}
        aria-haspopup="menu"
        aria-disabled={model.unavailable || undefined}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => send({ type: 'MENU.TOGGLE', menu })}
        onKeyDown={onButtonKeyDown}
      >
        <Icon name={model.icon} />
      </button>
      {open && (
        <div ref={list} id={id} part={`menu ${menu}-menu`} className="menu" role="menu" aria-label={label} onKeyDown={onMenuKeyDown}>
          {model.items.map((item) => (
            <button
              key={item.key}
              type="button"
              part="menu-item"
              role="menuitemradio"
              aria-checked={item.checked}
              tabIndex={-1}
              lang={item.lang}
              onClick={() => {
                send(item.select);
                button.current?.focus();
              }}
            >
              <span className="check" aria-hidden="true" />
              <span className="label">{item.label}</span>
              {item.detail && <span className="detail">{item.detail}</span>}
            </button>
          ))}
        </div>
      )}
    </div>
  );
});
