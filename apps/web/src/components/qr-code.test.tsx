import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QrCode } from './qr-code';

describe('QrCode', () => {
  it('stands in with an empty square of its size, then draws the code', async () => {
    render(
      <QrCode
        value="https://outing.example/join/abc"
        size={208}
        boxClassName="size-52"
        aria-label="Join"
        role="img"
      />,
    );
    // The drawer has not been loaded in this file's fresh module graph (web-isolated): its box stands in.
    const box = screen.getByTestId('qr-loading');
    expect(box).toHaveClass('size-52');
    expect(box).toHaveAttribute('aria-hidden', 'true');
    const code = await screen.findByRole('img', { name: 'Join' });
    expect(code.tagName.toLowerCase()).toBe('svg');
    expect(code).toHaveAttribute('width', '208');
    expect(code.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('qr-loading')).not.toBeInTheDocument();
  });
});
