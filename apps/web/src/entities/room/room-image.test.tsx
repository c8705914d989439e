import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pictureIdOf, pictureSrcSet, webpSrcSet } from './room-image-sources';
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

  it('prefers the host’s own picture, with its 160/480/960 px renditions', () => {
    const url = '/v1/pictures/0b6f2a5e-1c3d-4e5f-8a9b-0c1d2e3f4a5b.webp';
    const { container } = render(<RoomImage src="/imgs/party.png" pictureUrl={url} sizes="80px" />);
    expect(container.querySelector('picture > source')).toHaveAttribute(
      'srcset',
      `${url}?w=160 160w, ${url}?w=480 480w, ${url} 960w`,
    );
    expect(container.querySelector('picture > img')).toHaveAttribute('src', url);
    expect(pictureIdOf(url)).toBe('0b6f2a5e-1c3d-4e5f-8a9b-0c1d2e3f4a5b');
    expect(pictureSrcSet('blob:http://localhost/1')).toBeNull();
  });

  it('falls back to the preset when the own picture cannot be loaded, and to the plain box after that', () => {
    const url = '/v1/pictures/0b6f2a5e-1c3d-4e5f-8a9b-0c1d2e3f4a5b.webp';
    const { container } = render(<RoomImage src="/imgs/party.png" pictureUrl={url} />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toHaveAttribute('src', '/imgs/party.png');
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
  });
});
