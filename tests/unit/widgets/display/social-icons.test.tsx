// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { SOCIAL_NAMES } from '../../../../src/content/types';
import { SOCIAL_LABELS, SocialIcons, usableSocialLinks } from '../../../../src/widgets/social-icons/index';
import './helpers';

const entries = [
  { name: 'instagram', url: 'https://instagram.example/roundhouse' },
  { name: 'myspace', url: 'https://myspace.example/roundhouse' },
  { name: 'youtube', url: '' },
  { name: 'facebook', url: null },
  { name: '', url: 'https://nameless.example' },
  { name: 'tiktok', url: ' https://tiktok.example/@roundhouse ' },
];

test('unsupported names and entries without a name or url are skipped', () => {
  expect(usableSocialLinks(entries)).toEqual([
    { name: 'instagram', url: 'https://instagram.example/roundhouse' },
    { name: 'tiktok', url: 'https://tiktok.example/@roundhouse' },
  ]);
});

test('each link is named "{brand} on {Network}" and opens safely', () => {
  render(<SocialIcons links={entries} brand="Roundhouse" label="Follow us" />);
  const list = screen.getByRole('list', { name: 'Follow us' });
  const links = within(list).getAllByRole('link');
  expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
    'Roundhouse on Instagram',
    'Roundhouse on TikTok',
  ]);
  for (const link of links) {
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  }
  expect(links[1]?.getAttribute('href')).toBe('https://tiktok.example/@roundhouse');
});

test('every supported network has a label and a glyph', () => {
  render(
    <SocialIcons links={SOCIAL_NAMES.map((name) => ({ name, url: `https://${name}.example` }))} brand="RH" />,
  );
  const links = screen.getAllByRole('link');
  expect(links).toHaveLength(SOCIAL_NAMES.length);
  expect(links.map((l) => l.getAttribute('aria-label'))).toEqual(
    SOCIAL_NAMES.map((name) => `RH on ${SOCIAL_LABELS[name]}`),
  );
  for (const link of links) expect(link.querySelector('svg')?.children.length).toBeGreaterThan(0);
});

test('defaults: red background, default size, no rotation; options map to classes', () => {
  const { container, rerender } = render(<SocialIcons links={entries} brand="RH" />);
  const list = () => container.querySelector('ul')!;
  expect(list().className).toBe('ui-social ui-social--red ui-social--default');
  rerender(<SocialIcons links={entries} brand="RH" background="blue" size="big" rotation={90} />);
  expect(list().className).toContain('ui-social--blue');
  expect(list().className).toContain('ui-social--big');
  expect(list().className).toContain('ui-social--rotate-90');
  rerender(<SocialIcons links={entries} brand="RH" size="small" rotation={270} />);
  expect(list().className).toContain('ui-social--small');
  expect(list().className).toContain('ui-social--rotate-270');
});

test('nothing usable renders nothing', () => {
  const { container } = render(<SocialIcons links={[{ name: 'myspace', url: 'https://x' }]} brand="RH" />);
  expect(container.innerHTML).toBe('');
});

test('the site footer row uses the same icon set and naming', () => {
  const { container } = render(
    <SocialIcons
      look="chrome"
      links={[
        { name: 'youtube', url: 'https://youtube.example/rh' },
        { name: 'rss', url: '' },
      ]}
      brand="Sam Jones"
    />,
  );
  const link = screen.getByRole('link', { name: 'Sam Jones on YouTube' });
  expect(link.className).toBe('social-icons__link');
  expect(container.querySelector('ul')?.className).toBe('social-icons');
  expect(container.querySelectorAll('a')).toHaveLength(1);
  const widget = render(<SocialIcons links={[{ name: 'youtube', url: 'https://y' }]} brand="X" />).container;
  expect(link.querySelector('svg')?.innerHTML).toBe(widget.querySelector('svg')?.innerHTML);
});
