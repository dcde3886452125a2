/**
 * Where the cart function answers: shared by the function (src/functions/cart) and the browser (the
 * cart client and the drawer's checkout link), so they cannot disagree. Here rather than under
 * src/functions, which the client build refuses; no imports, so the function can take it too.
 */
export const CART_FUNCTION_PATH = '/.netlify/functions/cart';
/**
 * `GET` here sends the shopper on to the store's checkout (303 to the cart's `checkoutUrl`): the
 * URL carries the cart's secret key, so it is only ever handed to the browser as a redirect.
 */
export const CART_CHECKOUT_PATH = `${CART_FUNCTION_PATH}?action=checkout`;
