import type { Block, PoptinRecord } from '../../shared/schema/poptin-record.ts';
import type { ExtraButton } from '../../shared/schema/blocks.ts';
import { Suspense } from 'react';
import { isContentBlock } from '../../shared/schema/blocks.ts';
import { lazyView } from '../../shared/dom/lazy-view.ts';
import type { GamePoptin } from './game/game.view.tsx';

import { PoptinForm, type PoptinFormProps } from './poptin.form.tsx';

/** Content blocks load only for a pop-up that has one: most lead pop-ups never pay for them. */
const ContentBlockView = lazyView(() => import('./blocks/content-block.tsx').then((module) => module.ContentBlockView));

/**
 * Fetches the block view and the views of `record`'s first-screen blocks that are files of their
 * own, so the pop-up's first frame has its blocks (the record step waits for it).
 */
export const loadContentBlocks = (record: PoptinRecord): Promise<unknown> =>
  ContentBlockView.load().then(() => import('./blocks/content-block.tsx')).then(({ loadFirstScreenBlockViews }) => loadFirstScreenBlockViews(record));

type DateTags = typeof import('../../shared/logic/date-tags.ts');
let dateTags: DateTags | null = null;

/**
 * Fetches the date tags' code (and its month names), for a record whose texts use them
 * (`needsDateTags`); a pop-up waits for it before it shows, so a tag never flashes unfilled.
 */
export async function loadDateTags(): Promise<void> {
  dateTags ??= await import('../../shared/logic/date-tags.ts');
}

const withDateTags = (text: string, now: Date, lang: string) => (dateTags ? dateTags.applyDateTags(text, now, lang) : text);

export interface PoptinContentProps {
  blocks: Block[];
  lang: string;
  /** The id the first title takes, so the dialog is labelled by it. */
  titleId: string;
  /** When the pop-up showed: `from_now` timers count from it. */
  shownAt: Date;
  form: Omit<PoptinFormProps, 'fields' | 'buttonText' | 'lang'>;
  onTimerExpire: () => void;
  onLinkButton: (button: ExtraButton) => void;
  onCloseButton: () => void;
  /** The pop-up a game block plays for. */
  game: GamePoptin;
}

/**
 * The pop-up's blocks, top to bottom: text is always text (date tags filled in), never HTML.
 * The first title labels the dialog.
 */
export function PoptinContent({ blocks, lang, titleId, shownAt, form, onTimerExpire, onLinkButton, onCloseButton, game }: PoptinContentProps) {
  const firstTitle = blocks.findIndex((block) => block.type === 'title');
  // With a game, the form is the game's: filled in first, its button plays.
  const gameForm = blocks.some((block) => block.type === 'game') ? blocks.find((block) => block.type === 'form') : undefined;
  return (
    <>
      {blocks.map((block, index) => {
        if (isContentBlock(block)) {
          return (
            <Suspense key={index}>
            <ContentBlockView
              key={index}
              block={block}
              lang={lang}
              shownAt={shownAt}
              onTimerExpire={onTimerExpire}
              onButton={(_, button) => onLinkButton(button)}
              onClose={onCloseButton}
              game={{
                poptin: game,
                form,
                renderForm:
                  gameForm &&
                  ((onSubmit, buttonText) => (
                    <PoptinForm fields={gameForm.fields} buttonText={buttonText || gameForm.button.text} lang={lang} {...form} onSubmit={onSubmit} />
                  )),
              }}
            />
            </Suspense>
          );
        }
        switch (block.type) {
          case 'title':
            return (
              // The first title names the dialog and, on the thank-you screen, takes focus (not in the tab order).
              <h2 key={index} part="title" id={index === firstTitle ? titleId : undefined} tabIndex={index === firstTitle ? -1 : undefined}>
                {withDateTags(block.text, shownAt, lang)}
              </h2>
            );
          case 'text':
            return (
              <p key={index} part="text">
                {withDateTags(block.text, shownAt, lang)}
              </p>
            );
          case 'image':
            return <img key={index} part="image" src={block.src} alt={block.alt} />;
          case 'form':
            return gameForm ? null : <PoptinForm key={index} fields={block.fields} buttonText={block.button.text} lang={lang} {...form} />;
        }
      })}
    </>
  );
}
