import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { webpSrcSet } from '../lib/room-image-sources';
import { RoomImage } from './room-image';

describe('RoomImage', () => {
  it('offers the WebP copies of a served picture, with the PNG the API names as the fallback', () => {
    const { container } = render(<RoomImage src="/imgs/party.png" sizes="80px" />);
    const source = container.querySelector('picture > source');
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source).toHaveAttribute(
      'srcset',
      '/imgs/party-160.webp 160w, /imgs/party-480.webp 480w, /imgs/party-800.webp 800w',
    );
    expect(source).toHaveAttribute('sizes', '80px');
    const img = container.querySelector('picture > img');
    expect(img).toHaveAttribute('src', '/imgs/party.png');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('loads the main picture at once and first', () => {
    const { container } = render(<RoomImage src="/imgs/travel.png" priority />);
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows any other URL as it is', () => {
    expect(webpSrcSet('https://example.com/x.png')).toBeNull();
    const { container } = render(<RoomImage src="/imgs/other/x.png" />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', '/imgs/other/x.png');
  });
});
