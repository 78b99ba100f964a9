import { useLayoutEffect, useRef } from 'react';
import { adoptStyles } from '../../shared/dom/adopt-styles.ts';
import { closeNoteStyles } from './poptin.note.styles.ts';

/**
 * The close button's note (`poptin_design_show_x_comment`): a tooltip the X is described by, shown
 * on its hover and keyboard focus. A module of its own: only a pop-up that has a note loads it.
 * `onShown` says it is in the page, so the X names it only then (not while its code loads, nor
 * after that failed).
 */
export function CloseNote({ id, text, onShown }: { id: string; text: string; onShown: (shown: true) => void }) {
  const note = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (note.current) adoptStyles(note.current.getRootNode(), closeNoteStyles);
    onShown(true);
  }, [onShown]);
  return (
    <span ref={note} part="close-note" role="tooltip" id={id}>
      {text}
    </span>
  );
}
