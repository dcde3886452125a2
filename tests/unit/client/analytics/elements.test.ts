// @vitest-environment jsdom
/**
 * Which elements analytics tells about, and what a click means: found by the classes the widgets
 * render (src/client/analytics/elements.ts), so a renamed class shows up here.
 */
import { beforeEach, expect, test } from 'vitest';
import {
  campaignOfElement,
  clickMeaning,
  elementProperties,
  kindOf,
} from '../../../../src/client/analytics/elements';
import { payloadFailure } from '../../../../src/client/analytics/index';

const CHECKOUT = '/.netlify/functions/cart?action=checkout';

beforeEach(() => {
  document.body.innerHTML = `
    <aside class="announcement"><p><strong class="announcement__headline">Summer camp</strong>
      <a class="announcement__cta" href="/summer">Join</a></p></aside>
    <main>
      <section aria-roledescription="carousel" aria-label="Classes">
        <div><div class="carousel__slide" aria-label="1 of 2: Stance"><a href="/a">A</a></div>
        <div class="carousel__slide" aria-label="2 of 2: Jab"></div></div>
      </section>
      <a class="ui-button ui-button--primary" href="/training">See all classes</a>
      <article class="ui-product-card" data-product="pro-gloves"><h3>Gloves</h3>
        <p class="desc">Soft</p><button type="button">Add to cart</button></article>
      <section class="ui-email-capture"><h2>Block sign-up</h2></section>
      <section class="snack-bar"><p class="snack-bar__text">Free shipping</p>
        <button class="snack-bar__close" aria-label="Close"><svg><path></path></svg></button></section>
      <a id="checkout" class="ui-button" href="${CHECKOUT}">Checkout</a>
    </main>
    <footer class="site-footer"><section class="ui-email-capture"><h2>Footer sign-up</h2></section></footer>`;
});

const $ = (selector: string) => document.querySelector(selector)!;

test('each tracked element is recognised by its widget class', () => {
  expect(kindOf($('.announcement'))).toBe('banner');
  expect(kindOf($('.carousel__slide'))).toBe('carousel_slide');
  expect(kindOf($('a.ui-button'))).toBe('cta');
  expect(kindOf($('.ui-product-card'))).toBe('product');
  expect(kindOf($('.snack-bar'))).toBe('snack_bar');
  expect(kindOf($('main'))).toBeNull();
});

test('element properties: names, 1-based slide positions, the sign-up form by where it sits', () => {
  const slides = document.querySelectorAll('.carousel__slide');
  expect(elementProperties('carousel_slide', slides[1]!)).toEqual({
    element_type: 'carousel_slide',
    position: 2,
    element_name: '2 of 2: Jab',
    element_id: 'Classes',
  });
  expect(elementProperties('cta', $('a.ui-button'))).toEqual({
    element_type: 'cta',
    element_name: 'See all classes',
    url: '/training',
  });
  expect(elementProperties('email_capture', $('footer .ui-email-capture'))).toMatchObject({
    element_id: 'footer',
  });
  expect(elementProperties('email_capture', $('main .ui-email-capture'))).toMatchObject({
    element_id: 'block',
  });
  expect(campaignOfElement('banner', $('.announcement'))).toEqual({
    campaign_id: 'announcement',
    campaign_name: 'Summer camp',
  });
  expect(campaignOfElement('email_capture', $('footer .ui-email-capture'))).toMatchObject({
    campaign_id: 'email_capture:footer',
  });
  expect(campaignOfElement('cta', $('a.ui-button'))).toBeNull();
});

test('what a click means', () => {
  expect(clickMeaning($('#checkout'), CHECKOUT)).toMatchObject({ event: 'Checkout Started' });
  // The close button's icon is what the pointer hits.
  expect(clickMeaning($('.snack-bar__close path'), CHECKOUT)).toMatchObject({
    event: 'Campaign Dismissed',
    kind: 'snack_bar',
  });
  expect(clickMeaning($('.ui-product-card button'), CHECKOUT)).toMatchObject({
    event: 'Product Clicked',
    kind: 'product',
  });
  // Text in a card is not a click on the product.
  expect(clickMeaning($('.ui-product-card .desc'), CHECKOUT)).toBeNull();
  expect(clickMeaning($('.announcement__cta'), CHECKOUT)).toMatchObject({
    event: 'Element Clicked',
    kind: 'cta',
  });
  expect(clickMeaning($('.carousel__slide a'), CHECKOUT)).toMatchObject({
    event: 'Element Clicked',
    kind: 'carousel_slide',
  });
  expect(clickMeaning($('main'), CHECKOUT)).toBeNull();
  expect(clickMeaning(null, CHECKOUT)).toBeNull();
});

test('a payload that failed to load is an Internal Error; a page that does not exist is not', () => {
  const response = (status: number, statusText: string) => ({
    status,
    statusText,
    internal: false,
    data: null,
  });
  expect(payloadFailure({ 'routes/article': response(503, 'Payload unavailable') })).toEqual({
    error_type: 'payload',
    status: 503,
    message: 'Payload unavailable',
  });
  expect(payloadFailure({ 'routes/article': response(404, 'Not Found') })).toBeNull();
  expect(payloadFailure({ root: new TypeError('Failed to fetch') })).toMatchObject({
    status: 0,
    message: 'Failed to fetch',
  });
  expect(payloadFailure(null)).toBeNull();
});
