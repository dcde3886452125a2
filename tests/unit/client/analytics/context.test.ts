/**
 * Where a message was raised: the page view's query properties and the page context with nothing
 * that could name a person (email addresses, phone numbers), referral parameters out of the URL,
 * the landing's campaign and the paid click behind it.
 */
import { describe, expect, test } from 'vitest';
import {
  adClickOf,
  campaignOf,
  cleanReferrer,
  cleanSearch,
  isPersonalParam,
  pageContext,
  queryProperties,
} from '../../../../src/client/analytics/context.ts';

const ORIGIN = 'https://roundhouse.test';

describe('queryProperties', () => {
  test('keeps ordinary parameters, referral ones, dates and small numbers', () => {
    expect(
      queryProperties(
        '?utm_source=newsletter&utm_medium=email&utm_campaign=black-friday&referral_aid=abc123&referral_source=friend&page=2&date=2026-11-25&size=12oz&q=heavy+bag',
      ),
    ).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'black-friday',
      referral_aid: 'abc123',
      referral_source: 'friend',
      page: '2',
      date: '2026-11-25',
      size: '12oz',
      q: 'heavy bag',
    });
  });

  test('drops email addresses under any name, parameters named like contact details, and phone-like numbers', () => {
    expect(
      queryProperties(
        '?ref=jane.doe%40example.com&email=x&e-mail=y&Email=z&user_email=w&phone=1&mobile=2&tel=3&contact=%2B1%20(555)%20123-4567&n=555123456&order=12345678&keep=yes',
      ),
    ).toEqual({ order: '12345678', keep: 'yes' });
  });

  test('a repeated parameter keeps its last value; long values are cut to 500 characters', () => {
    const properties = queryProperties(`?tag=a&tag=b&long=${'z'.repeat(600)}`);
    expect(properties.tag).toBe('b');
    expect(properties.long).toBe('z'.repeat(500));
    expect(queryProperties('')).toEqual({});
  });

  test('isPersonalParam: by name, by an address in the value, by nine digits or more', () => {
    expect(isPersonalParam('email', '')).toBe(true);
    expect(isPersonalParam('phone_number', 'x')).toBe(true);
    expect(isPersonalParam('tel', 'x')).toBe(true);
    expect(isPersonalParam('hotel', 'x')).toBe(false);
    expect(isPersonalParam('to', 'me@example.org')).toBe(true);
    expect(isPersonalParam('n', '555-123-4567')).toBe(true);
    expect(isPersonalParam('n', '12345678')).toBe(false);
    expect(isPersonalParam('d', '2026-11-25')).toBe(false);
    expect(isPersonalParam('sku', 'RH-123456789-X')).toBe(false);
  });
});

describe('pageContext', () => {
  test('the URL and search leave out the referral parameters and anything personal', () => {
    const location = new URL(
      `${ORIGIN}/shop/gloves?referral_aid=abc&referral_source=friend&referrer_anonymous_id=r1&size=12oz&email=a%40b.co&utm_source=ig`,
    );
    expect(pageContext(location, 'Gloves | Roundhouse', 'https://www.instagram.com/p/xyz?igshid=1')).toEqual({
      path: '/shop/gloves',
      url: `${ORIGIN}/shop/gloves?size=12oz&utm_source=ig`,
      search: '?size=12oz&utm_source=ig',
      title: 'Gloves | Roundhouse',
      referrer: 'https://www.instagram.com/p/xyz',
    });
  });

  test('no parameters left: no question mark', () => {
    const location = new URL(`${ORIGIN}/training?referral_aid=abc`);
    expect(pageContext(location, 'Training', '')).toMatchObject({
      url: `${ORIGIN}/training`,
      search: '',
      referrer: '',
    });
    expect(cleanSearch('?a=1&b=2', ['a'])).toBe('?b=2');
    expect(cleanSearch('?email=a%40b.co')).toBe('');
  });
});

describe('cleanReferrer', () => {
  test('keeps the origin and path only', () => {
    expect(cleanReferrer('https://www.google.com/search?q=boxing+gloves&email=a%40b.co#top')).toBe(
      'https://www.google.com/search',
    );
    expect(cleanReferrer('http://localhost:8888/shop?referral_aid=abc&page=2')).toBe(
      'http://localhost:8888/shop',
    );
    expect(cleanReferrer('android-app://com.google.android.gm/')).toBe(
      'android-app://com.google.android.gm/',
    );
    expect(cleanReferrer('https://duckduckgo.com/')).toBe('https://duckduckgo.com/');
  });

  test('no referrer, or not a URL: empty', () => {
    expect(cleanReferrer('')).toBe('');
    expect(cleanReferrer('not a url')).toBe('');
  });
});

describe('campaignOf', () => {
  test('utm_* without the prefix; utm_campaign is the name', () => {
    expect(
      campaignOf(
        '?utm_source=google&utm_medium=cpc&utm_campaign=spring-sale&utm_term=boxing+gloves&utm_content=ad-2&page=3',
      ),
    ).toEqual({
      source: 'google',
      medium: 'cpc',
      name: 'spring-sale',
      term: 'boxing gloves',
      content: 'ad-2',
    });
    expect(campaignOf('?utm_source=%20newsletter%20')).toEqual({ source: 'newsletter' });
  });

  test('null without any utm parameter; a personal value is left out', () => {
    expect(campaignOf('?page=2')).toBeNull();
    expect(campaignOf('')).toBeNull();
    expect(campaignOf('?utm_source=jane%40example.com')).toBeNull();
    expect(campaignOf('?utm_source=sms&utm_term=5551234567')).toEqual({ source: 'sms' });
  });
});

describe('adClickOf', () => {
  test.each([
    ['gclid', 'google'],
    ['fbclid', 'facebook'],
    ['msclkid', 'microsoft'],
  ])('a %s is a paid click on %s', (param, network) => {
    const search = `?${param}=Cj0KCQ-abc_123`;
    expect(adClickOf(search, campaignOf(search))).toEqual({
      ad_network: network,
      click_id_type: param,
      click_id: 'Cj0KCQ-abc_123',
    });
  });

  test('a click id carries the landing’s campaign', () => {
    const search = '?gclid=abc&utm_source=google&utm_campaign=spring';
    expect(adClickOf(search, campaignOf(search))).toEqual({
      ad_network: 'google',
      click_id_type: 'gclid',
      click_id: 'abc',
      campaign: { source: 'google', name: 'spring' },
    });
  });

  test('utm_medium=cpc without a click id is a paid click on the utm source', () => {
    const search = '?utm_source=bing&utm_medium=cpc&utm_campaign=gloves';
    expect(adClickOf(search, campaignOf(search))).toEqual({
      ad_network: 'bing',
      click_id_type: 'utm',
      campaign: { source: 'bing', medium: 'cpc', name: 'gloves' },
    });
  });

  test('organic and unpaid campaign visits are not ad clicks', () => {
    expect(adClickOf('', null)).toBeNull();
    expect(adClickOf('?q=gloves', campaignOf('?q=gloves'))).toBeNull();
    const newsletter = '?utm_source=newsletter&utm_medium=email';
    expect(adClickOf(newsletter, campaignOf(newsletter))).toBeNull();
    const organic = '?utm_source=google&utm_medium=organic';
    expect(adClickOf(organic, campaignOf(organic))).toBeNull();
    expect(adClickOf('?gclid=', null)).toBeNull();
  });
});

test('a referrer whose path holds an email address keeps only its host', () => {
  expect(cleanReferrer('https://mail.example/u/jo%40example.com/inbox')).toBe('https://mail.example/');
  expect(cleanReferrer('https://news.example/story/1')).toBe('https://news.example/story/1');
});
