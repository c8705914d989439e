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
  // index.html shows the root route's fallback before any script has run (a loading state on the first paint,
  // not a blank page while the scripts download): drawn the same, it does not jump when React's first commit
  // replaces it.
  const attributes = (element: Element) =>
    Object.fromEntries(
      [...element.attributes]
        .filter((a) => !['role', 'aria-label'].includes(a.name))
        .map((a) => [a.name, a.name === 'class' ? a.value.split(/\s+/).sort().join(' ') : a.value]),
    );
  const shape = (element: Element): unknown => ({
    tag: element.tagName.toLowerCase(),
    attributes: attributes(element),
    children: [...element.children].map(shape),
  });

  it('index.html holds the spinner FullPageSpinner draws', () => {
    const html = readFileSync(join(__dirname, '../../index.html'), 'utf8');
    const page = new DOMParser().parseFromString(html, 'text/html');
    const placeholder = page.querySelector('#root > div');
    expect(page.querySelector('#root')?.children).toHaveLength(1);
    const { container } = render(<FullPageSpinner />);
    const drawn = container.firstElementChild!;
    expect(placeholder).not.toBeNull();
    expect(attributes(placeholder!)).toEqual(attributes(drawn));
    // The status element is the app's own (its name is in the user's language); the page's copy is decoration.
    expect(placeholder!.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(shape(placeholder!.querySelector('svg')!)).toEqual(shape(drawn.querySelector('svg')!));
  });
});
