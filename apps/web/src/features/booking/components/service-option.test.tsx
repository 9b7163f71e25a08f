import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeService } from '../testing/fixtures';
import { ServiceOption } from './service-option';

const noop = () => {};
const imageOf = (container: HTMLElement) => container.querySelector('img')?.getAttribute('src');

describe('ServiceOption image', () => {
  it('shows the thumbnail, not the whole photo, in its 64 px square', () => {
    const service = makeService({
      imageUrl: '/uploads/0123456789abcdef0123456789abcdef.webp',
      thumbnailUrl: '/uploads/fedcba9876543210fedcba9876543210.webp',
    });
    const { container } = render(
      <ServiceOption service={service} isSelected={false} onToggle={noop} />,
    );
    expect(imageOf(container)).toBe(service.thumbnailUrl);
  });

  it('shows the photo itself when it was stored before thumbnails', () => {
    const service = makeService({
      imageUrl: '/uploads/0123456789abcdef0123456789abcdef.png',
      thumbnailUrl: null,
    });
    const { container } = render(
      <ServiceOption service={service} isSelected={false} onToggle={noop} />,
    );
    expect(imageOf(container)).toBe(service.imageUrl);
  });

  it('shows no image without a photo', () => {
    const { container } = render(
      <ServiceOption service={makeService()} isSelected={false} onToggle={noop} />,
    );
    expect(container.querySelector('img')).toBeNull();
  });
});
