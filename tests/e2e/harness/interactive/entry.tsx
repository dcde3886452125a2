/**
 * Browser harness for tests/e2e/widgets-interactive.test.ts: every interactive widget on one page,
 * bundled by esbuild in the test's beforeAll (the snack bar, fixed over the page, is left out). `window.__harness` lets the test drive the spinner.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../../../../src/styles/tokens.css';
import '../../../../src/styles/base.css';
import '../../../../src/styles/widgets-interactive.css';
import { AnchorButton } from '../../../../src/widgets/anchor-button/index.tsx';
import { Carousel, type CarouselSlide } from '../../../../src/widgets/carousel/index.tsx';
import { PreHeader } from '../../../../src/widgets/pre-header/index.tsx';
import { Spinner } from '../../../../src/widgets/spinner/index.tsx';
import { Video } from '../../../../src/widgets/video/index.tsx';

export type HarnessWindow = Window & { __harness: { setSpinner: (active: boolean) => void } };

const COLOURS = ['#1c1e23', '#e10600', '#0b3a8c', '#272a31'];

function slides(count: number, prefix: string): CarouselSlide[] {
  return Array.from({ length: count }, (_, i) => ({
    key: `${prefix}-${i}`,
    screenLabel: `${prefix} ${i + 1}`,
    content: (
      <div
        style={{
          display: 'grid',
          placeItems: 'center',
          height: 240,
          background: COLOURS[i % COLOURS.length],
          color: '#fff',
          fontFamily: 'var(--font-display)',
          fontSize: '2rem',
          textTransform: 'uppercase',
        }}
      >
        <a href={`#${prefix}-link-${i}`} style={{ color: 'inherit' }}>
          {prefix} slide {i + 1}
        </a>
      </div>
    ),
  }));
}

function Harness() {
  const [spinner, setSpinner] = useState(false);
  (window as unknown as HarnessWindow).__harness = { setSpinner };
  return (
    <>
      <PreHeader text="Free shipping on gloves over $50" link="#shipping" />
      <main style={{ maxWidth: 800, margin: '0 auto', padding: '0 16px' }}>
        <h1>Interactive widgets</h1>
        <Carousel label="Drag carousel" slides={slides(3, 'Drag')} arrows />
        <Carousel label="Load timer carousel" slides={slides(3, 'Load')} timer="timer_on_load" />
        <Carousel label="Hover timer carousel" slides={slides(3, 'Hover')} timer="timer_on_hover" infinite />
        <Carousel label="Many slides carousel" slides={slides(8, 'Many')} />
        <Video src="/clip.webm" title="Click video" showIcons rounded preload="auto" />
        <Video src="/clip.webm" title="Hover video" mode="onHover" preload="auto" />
        <Video src="/clip.webm" title="Auto video" mode="auto" preload="auto" />
        <p>
          <button type="button" onClick={() => setSpinner(true)}>
            Show spinner
          </button>
        </p>
        <AnchorButton targetId="target">Jump to target</AnchorButton>
        <div style={{ height: 3000 }} />
        <section id="target" style={{ height: 400, background: '#f4f4f1' }}>
          <h2>Target</h2>
        </section>
        <div style={{ height: 1200 }} />
      </main>
      <Spinner active={spinner} />
    </>
  );
}

createRoot(document.getElementById('root')!).render(<Harness />);
