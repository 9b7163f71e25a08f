import { IMAGE_SIZE_ERROR, IMAGE_TYPE_DETAIL, IMAGE_TYPE_ERROR } from '@agendaki/shared';
import { describe, expect, it } from 'vitest';
import { detectImageType } from '@agendaki/shared';
import { checkImageFile, validateImageFile } from './image-file';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MB = 1024 * 1024;

function fileOf(bytes: number[] | Uint8Array, name: string, type: string) {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe('checkImageFile (name, type and size)', () => {
  it.each([
    ['foto.jpg', 'image/jpeg', 1000, true],
    ['foto.jpeg', 'image/jpg', 1000, true],
    ['foto.png', 'image/png', 5 * MB, true],
    ['foto.webp', 'image/webp', 1000, true],
    ['foto.gif', 'image/gif', 1000, true],
    ['foto.png', '', 1000, true],
    ['desenho.svg', 'image/svg+xml', 1000, false],
    ['foto.bmp', 'image/bmp', 1000, false],
    ['notas.txt', 'text/plain', 10, false],
    ['sem-extensao', '', 10, false],
  ])('%s (%s, %i bytes) valid: %s', (name, type, size, isValid) => {
    expect(checkImageFile({ name, type, size }).isValid).toBe(isValid);
  });

  it('refuses a wrong type with the product.md title and detail', () => {
    expect(checkImageFile({ name: 'a.svg', type: 'image/svg+xml', size: 10 })).toEqual({
      isValid: false,
      title: 'Tipo de arquivo inválido',
      description: 'Por favor, selecione uma imagem (JPG, PNG, WEBP ou GIF)',
    });
  });

  it('refuses more than 5 MB with the product.md title and detail', () => {
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 5 * MB + 1 })).toEqual({
      isValid: false,
      title: 'Arquivo muito grande',
      description: 'O tamanho máximo permitido é 5MB',
    });
  });
});

describe('detectImageType (first bytes)', () => {
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  it.each([
    ['jpeg', [0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    ['png', PNG_HEAD, 'image/png'],
    ['gif87a', ascii('GIF87a'), 'image/gif'],
    ['gif89a', ascii('GIF89a'), 'image/gif'],
    ['webp', [...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBP')], 'image/webp'],
    ['text', ascii('hello world!'), undefined],
    ['svg', ascii('<svg xmlns='), undefined],
    ['empty', [], undefined],
  ])('%s -> %s', (_label, bytes, type) => {
    expect(detectImageType(new Uint8Array(bytes))).toBe(type);
  });
});

describe('validateImageFile', () => {
  it('accepts a real PNG', async () => {
    await expect(
      validateImageFile(fileOf([...PNG_HEAD, 0, 0], 'a.png', 'image/png')),
    ).resolves.toEqual({
      isValid: true,
    });
  });

  it('refuses a text file renamed .png by its bytes', async () => {
    const file = fileOf(
      [...'apenas texto'].map((c) => c.charCodeAt(0)),
      'falso.png',
      'image/png',
    );
    await expect(validateImageFile(file)).resolves.toMatchObject({
      isValid: false,
      title: IMAGE_TYPE_ERROR,
      description: IMAGE_TYPE_DETAIL,
    });
  });

  it('refuses a 6 MB image before reading it', async () => {
    const file = fileOf(new Uint8Array(6 * MB), 'grande.png', 'image/png');
    await expect(validateImageFile(file)).resolves.toMatchObject({ title: IMAGE_SIZE_ERROR });
  });
});
