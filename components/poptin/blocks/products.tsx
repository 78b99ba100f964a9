import { useLayoutEffect, useState } from 'react';
import type { ProductsBlock } from '../../../shared/schema/blocks.ts';
import { adoptStyles } from '../../../shared/dom/adopt-styles.ts';
import { settingsOfBlock, takePreflight } from '../../../shared/store/recommendations.ts';
import { RecommendationsBlock } from '../../product-recommendations/product-recommendations.view.tsx';
import { productRecommendationsStyles } from '../../product-recommendations/product-recommendations.styles.ts';
import type { GamePoptin } from '../game/game.view.tsx';

export interface ProductsProps {
  block: ProductsBlock;
  lang: string;
  /** The pop-up: its record, its element and its call settings (the display API's base). */
  poptin: Pick<GamePoptin, 'record' | 'calls'>;
}

/**
 * The pop-up's `products` block: the `kite-product-recommendations` view inside the pop-up, its
 * events dispatched from the `kite-poptin` element. It renders from the actor the widget's
 * preflight started (the products were asked for before the pop-up showed), else from its own.
 */
export function Products({ block, lang, poptin }: ProductsProps) {
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  const [running] = useState(() => takePreflight(poptin.record.poptin_id));
  // The cards' CSS joins the pop-up's shadow root before they paint.
  useLayoutEffect(() => {
    if (root) adoptStyles(root, productRecommendationsStyles);
  }, [root]);
  const settings = settingsOfBlock(block, poptin.record, poptin.calls?.current.api ?? '');
  return (
    <div
      part="products-block"
      ref={(node) => {
        const found = node?.getRootNode();
        if (found instanceof ShadowRoot && found !== root) setRoot(found);
      }}
    >
      {root && <RecommendationsBlock root={root} settings={settings} lang={lang} running={running} inDialog />}
    </div>
  );
}
