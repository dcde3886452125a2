// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { AnnouncementBanner as LayoutBanner } from '../../../../src/app/layout/announcement-banner';
import { AnnouncementBanner } from '../../../../src/widgets/announcement-banner/index';
import { Card } from '../../../../src/widgets/card/index';
import { ShortText, textParagraphs } from '../../../../src/widgets/short-text/index';
import { renderWithRouter } from './helpers';

const image = {
  src: 'https://img.example/jab-1200x800.jpg',
  alt: 'A jab',
  width: 1200,
  height: 800,
  focus: null,
};

test('an inactive banner renders nothing; active is opt-in (default inactive)', () => {
  const { container, rerender } = renderWithRouter(<AnnouncementBanner headline="Sale" active={false} />);
  expect(container.innerHTML).toBe('');
  rerender(<AnnouncementBanner headline="Sale" />);
  expect(container.innerHTML).toBe('');
});

test('an active banner defaults to red and shows headline, text and call to action', () => {
  renderWithRouter(
    <AnnouncementBanner
      active
      headline="Summer sale"
      text="30% off all gloves."
      cta={{ url: 'boxing-equipment#gloves', text: 'Shop gear' }}
    />,
  );
  const banner = screen.getByRole('complementary', { name: 'Announcement' });
  expect(banner.className).toBe('announcement announcement--red');
  expect(within(banner).getByText('Summer sale').tagName).toBe('STRONG');
  expect(banner.textContent).toContain('30% off all gloves.');
  expect(
    within(banner)
      .getByRole('link', { name: /Shop gear/ })
      .getAttribute('href'),
  ).toBe('/boxing-equipment#gloves');
});

test.each(['blue', 'black', 'white'] as const)('theme %s', (theme) => {
  renderWithRouter(<AnnouncementBanner active theme={theme} text="Hi" />);
  expect(screen.getByRole('complementary').className).toContain(`announcement--${theme}`);
});

test('a call to action needs both url and text; external ones are safe anchors', () => {
  const { rerender } = renderWithRouter(
    <AnnouncementBanner active text="Hi" cta={{ url: '', text: 'Shop' }} />,
  );
  expect(screen.queryByRole('link')).toBeNull();
  rerender(<AnnouncementBanner active text="Hi" cta={{ url: 'https://shop.example', text: 'Shop' }} />);
  expect(screen.getByRole('link', { name: /Shop/ }).getAttribute('rel')).toBe('noopener noreferrer');
});

test('the layout banner is the widget', () => {
  const { container, rerender } = renderWithRouter(<LayoutBanner announcement={null} />);
  expect(container.innerHTML).toBe('');
  rerender(
    <LayoutBanner announcement={{ active: true, theme: 'blue', headline: 'New app', text: '', cta: null }} />,
  );
  expect(screen.getByRole('complementary', { name: 'Announcement' }).className).toBe(
    'announcement announcement--blue',
  );
});

test('a card with image, eyebrow, title, text and an internal link', () => {
  renderWithRouter(
    <Card
      image={image}
      eyebrow="Technique"
      title="Throw a better jab"
      text="Five drills."
      link="training/jab"
    />,
  );
  const card = screen.getByRole('article');
  expect(within(card).getByRole('img', { name: 'A jab' }).getAttribute('width')).toBeTruthy();
  expect(within(card).getByText('Technique')).toBeTruthy();
  const heading = within(card).getByRole('heading', { level: 3, name: 'Throw a better jab' });
  expect(within(heading).getByRole('link').getAttribute('href')).toBe('/training/jab');
  expect(within(card).getByText('Five drills.')).toBeTruthy();
  expect(within(card).getAllByRole('link')).toHaveLength(1);
});

test('a card without link or image is plain text', () => {
  render(<Card title="Rest day" headingLevel={2} />);
  expect(screen.getByRole('heading', { level: 2, name: 'Rest day' })).toBeTruthy();
  expect(screen.queryByRole('link')).toBeNull();
  expect(screen.queryByRole('img')).toBeNull();
});

test('short text: headline and plain paragraphs (blank lines split, single newlines break)', () => {
  expect(textParagraphs('One\nline two\n\n\nTwo\n')).toEqual([['One', 'line two'], ['Two']]);
  const { container } = render(<ShortText headline="Why we train" text={'One\nline two\n\nTwo'} />);
  expect(screen.getByRole('heading', { level: 2, name: 'Why we train' })).toBeTruthy();
  const paragraphs = container.querySelectorAll('p');
  expect(paragraphs).toHaveLength(2);
  expect(paragraphs[0]?.innerHTML).toBe('One<br>line two');
});

test('short text: a rich body wins over text', () => {
  const { container } = render(
    <ShortText
      text="ignored"
      body={
        <p>
          <strong>Rich</strong>
        </p>
      }
    />,
  );
  expect(screen.getByText('Rich').tagName).toBe('STRONG');
  expect(container.querySelector('.ui-short-text__body > p > strong')).toBeTruthy();
  expect(screen.queryByText('ignored')).toBeNull();
});

test('empty short text renders nothing', () => {
  const { container } = render(<ShortText text="  " />);
  expect(container.innerHTML).toBe('');
});
