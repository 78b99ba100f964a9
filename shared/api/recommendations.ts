import type { RecommendationAnswer, RecommendationRequest } from '../../machines/product-recommendations/product-recommendations.types.ts';
import type { StorePlatform } from '../constants/products.ts';
import { apiUrl } from './url.ts';

/**
 * POST /api/display/{shopify|wix}/product-recommendation/{poptin_id} (widget spec section 7): a
 * form of `category`, `manual_products` (comma-joined) and `count`; reads `success`, `currency` and
 * `data.products`. Rejects when the call fails, the success flag is missing or the answer has no
 * product list: the caller logs the spec's line and the pop-up does not show.
 */
export async function fetchRecommendations(
  api: string,
  platform: StorePlatform,
  poptinId: string,
  request: RecommendationRequest,
): Promise<RecommendationAnswer> {
  const body = new URLSearchParams({ category: request.category, count: String(request.count) });
  if (request.manualProducts.length > 0) body.set('manual_products', request.manualProducts.join(','));
  const response = await fetch(apiUrl(api, `/api/display/${platform}/product-recommendation/${encodeURIComponent(poptinId)}`), {
    method: 'POST',
    body,
    credentials: 'omit',
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const answer = (await response.json()) as { success?: unknown; currency?: unknown; data?: { products?: unknown } };
  if (answer.success !== true || !Array.isArray(answer.data?.products)) throw new Error('no product list in the answer');
  return { currency: answer.currency, products: answer.data.products };
}
