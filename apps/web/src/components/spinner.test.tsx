import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FullPageSpinner, Spinner } from './spinner';

describe('Spinner', () => {
  it('has an accessible label', () => {
    render(<Spinner label="Logging out" />);
    expect(screen.getByRole('status', { name: 'Logging out' })).toBeInTheDocument();
  });

  it('is called Loading by default', () => {
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });
});

describe('the page before the app renders', () => {
  // index.html shows the root route's fallback before any script has run (a loading state from the first paint,
  // not a blank page while the scripts download), in the same place, size and colours, so that nothing jumps when
  // React's first commit replaces it. It is drawn with borders (an SVG would count as the page's first content).
  const classes = (element: Element | null | undefined) =>
    new Set(element?.getAttribute('class')?.split(/\s+/).filter(Boolean) ?? []);

  it('index.html holds a spinner drawn where and as FullPageSpinner draws it', () => {
    const html = readFileSync(join(__dirname, '../../index.html'), 'utf8');
    const page = new DOMParser().parseFromString(html, 'text/html');
    const root = page.querySelector('#root');
    expect(root?.children).toHaveLength(1);
    const placeholder = root!.firstElementChild!;
    const { container } = render(<FullPageSpinner />);
    const drawn = container.firstElementChild!;
    expect(classes(placeholder)).toEqual(classes(drawn));

    const spinner = placeholder.querySelector('.animate-spin');
    // Decoration only: the app's own spinner is the status element, named in the user's language.
    expect(spinner?.getAttribute('aria-hidden')).toBe('true');
    expect(page.querySelector('#root svg, #root img, #root canvas')).toBeNull();
    expect(root!.textContent?.trim()).toBe('');
    const svg = drawn.querySelector('svg');
    for (const name of classes(svg)) {
      if (/^(size-|text-|dark:|animate-|motion-reduce:)/.test(name)) expect(classes(spinner)).toContain(name);
    }
    // The ring and its arc: the SVG's circle at 20 % opacity under a full-colour quarter, starting at 12 o'clock.
    expect(svg?.querySelector('circle')?.getAttribute('class')).toBe('opacity-20');
    const ring = classes(spinner?.firstElementChild);
    for (const name of ['rounded-full', 'border-current/20', 'border-t-current', 'rotate-45'])
      expect(ring).toContain(name);
  });
});
