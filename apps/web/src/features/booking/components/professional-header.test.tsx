import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfessional } from '../testing/fixtures';
import { ProfessionalHeader } from './professional-header';

const { profile } = makeProfessional();

describe('ProfessionalHeader', () => {
  it('shows the business, the professional and the initials without a photo', () => {
    const { container } = render(<ProfessionalHeader profile={profile} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Studio Ana' })).toBeDefined();
    expect(screen.getByText('Ana Paula Souza')).toBeDefined();
    expect(screen.getByText('AS')).toBeDefined();
    expect(container.querySelector('img')).toBeNull();
  });

  it('lays the photo over the initials, and keeps the initials if it fails to load', () => {
    const avatarUrl = '/uploads/0123456789abcdef0123456789abcdef.png';
    const { container } = render(<ProfessionalHeader profile={{ ...profile, avatarUrl }} />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe(avatarUrl);
    expect(img?.getAttribute('alt')).toBe('');

    fireEvent.error(img!);

    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('AS')).toBeDefined();
  });
});
