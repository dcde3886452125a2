/** The country list the cart function validates against is the Storefront API's own `CountryCode`. */
import { isEnumType } from 'graphql';
import { expect, test } from 'vitest';
import { COUNTRY_CODES, isCountryCode } from '../../../src/shared/country-codes';
import { storefrontSchema } from '../store/fixtures';

test('COUNTRY_CODES is exactly the CountryCode enum of the schema hydrogen-react ships, in order', () => {
  const type = storefrontSchema().getType('CountryCode');
  expect(type && isEnumType(type)).toBe(true);
  const names = isEnumType(type) ? type.getValues().map((value) => value.name) : [];
  expect(names.length).toBeGreaterThan(200);
  expect([...COUNTRY_CODES]).toEqual(names);
});

test('isCountryCode: known codes only, upper case as the API spells them', () => {
  expect(isCountryCode('US')).toBe(true);
  expect(isCountryCode('GB')).toBe(true);
  expect(isCountryCode('XX')).toBe(false);
  expect(isCountryCode('UK')).toBe(false); // the United Kingdom is GB
  expect(isCountryCode('us')).toBe(false);
  expect(isCountryCode('USA')).toBe(false);
  expect(isCountryCode('')).toBe(false);
});
