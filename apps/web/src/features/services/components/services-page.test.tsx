import type { Service } from '@agendaki/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { ServicesPage } from './services-page';

const corte: Service = {
  id: '0b0f3c2e-8a51-4d0e-9d7e-6a1a2f7c9b01',
  name: 'Corte feminino',
  description: 'Lavagem, corte e finalização com escova.',
  price: '80.00',
  priceCents: 8000,
  durationMinutes: 60,
  bufferMinutes: 0,
  imageUrl: null,
  thumbnailUrl: null,
  isActive: true,
  createdAt: '2026-03-02T12:00:00.000Z',
};

const barba: Service = {
  ...corte,
  id: '5f4b8a9e-1c2d-4e3f-8a7b-9c0d1e2f3a4b',
  name: 'Barba',
  description: null,
  price: '35.50',
  priceCents: 3550,
  durationMinutes: 30,
  isActive: false,
};

describe('Serviços page', () => {
  it('shows each service as a card with badge, BRL price and duration', async () => {
    stubApi({ 'GET /api/services': [corte, barba] });
    renderPage(<ServicesPage hasAccess />);

    const list = await screen.findByRole('list', { name: 'Serviços' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { name: 'Corte feminino' })).toBeDefined();
    expect(within(cards[0]!).getByText('Ativo')).toBeDefined();
    expect(within(cards[0]!).getByText('R$ 80,00')).toBeDefined();
    expect(within(cards[0]!).getByText('60 min')).toBeDefined();
    expect(within(cards[1]!).getByText('Inativo')).toBeDefined();
    expect(within(cards[1]!).getByText('R$ 35,50')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Novo Serviço' })).toHaveProperty('disabled', false);
  });

  it('without access: "Novo Serviço" is disabled and the blocked banner shows', async () => {
    stubApi({ 'GET /api/services': [] });
    renderPage(<ServicesPage hasAccess={false} />);

    expect(await screen.findByText('Nenhum serviço cadastrado ainda')).toBeDefined();
    expect(screen.getByText('Serviços bloqueados. Assine para ter acesso.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Novo Serviço' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Criar Primeiro Serviço' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('a price typed as in Brazil is sent exact; a bad duration falls back to 60', async () => {
    const { calls } = stubApi({
      'GET /api/services': [],
      'POST /api/services': ({ body }) => ({
        ...corte,
        ...(body as object),
        price: '1234.56',
        priceCents: 123456,
      }),
    });
    const user = userEvent.setup();
    renderPage(<ServicesPage hasAccess />);

    await user.click(await screen.findByRole('button', { name: 'Criar Primeiro Serviço' }));
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeDefined();
    await user.type(screen.getByLabelText('Nome do serviço'), 'Escova');
    await user.clear(screen.getByLabelText('Duração (minutos)'));
    await user.type(screen.getByLabelText('Duração (minutos)'), '0');
    const price = screen.getByLabelText('Preço (R$)');
    await user.type(price, 'R$ 1.234,56');
    await user.tab();
    expect(price).toHaveProperty('value', '1.234,56');
    await user.click(screen.getByRole('button', { name: 'Criar Serviço' }));

    expect(await screen.findByText('Serviço criado com sucesso!')).toBeDefined();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Escova',
      description: null,
      price: 1234.56,
      durationMinutes: 60,
      bufferMinutes: 0,
      isActive: true,
    });
    // Back to the list.
    expect(await screen.findByRole('button', { name: 'Novo Serviço' })).toBeDefined();
  });

  it('a price it cannot read is refused with its message, not saved as another amount', async () => {
    const { calls } = stubApi({ 'GET /api/services': [] });
    const user = userEvent.setup();
    renderPage(<ServicesPage hasAccess />);

    await user.click(await screen.findByRole('button', { name: 'Novo Serviço' }));
    await user.type(screen.getByLabelText('Nome do serviço'), 'Escova');
    const price = screen.getByLabelText('Preço (R$)');
    await user.type(price, '-3');
    await user.click(screen.getByRole('button', { name: 'Criar Serviço' }));

    expect(await screen.findByText('Erro de validação')).toBeDefined();
    expect(screen.getAllByText('O valor não pode ser negativo').length).toBeGreaterThan(0);
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(price);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('a missing name is reported with "Erro de validação" and nothing is sent', async () => {
    const { calls } = stubApi({ 'GET /api/services': [] });
    const user = userEvent.setup();
    renderPage(<ServicesPage hasAccess />);

    await user.click(await screen.findByRole('button', { name: 'Novo Serviço' }));
    await user.click(screen.getByRole('button', { name: 'Criar Serviço' }));

    expect(await screen.findByText('Erro de validação')).toBeDefined();
    expect(screen.getAllByText('Nome é obrigatório').length).toBeGreaterThan(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it.each([
    [
      'an SVG',
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
      'Tipo de arquivo inválido',
    ],
    [
      'a text file renamed .png',
      new File(['texto'], 'foto.png', { type: 'image/png' }),
      'Tipo de arquivo inválido',
    ],
    [
      'a 6 MB image',
      new File([new Uint8Array(6 * 1024 * 1024)], 'grande.png', { type: 'image/png' }),
      'Arquivo muito grande',
    ],
  ])('refuses %s when chosen', async (_label, file, title) => {
    stubApi({ 'GET /api/services': [] });
    const user = userEvent.setup({ applyAccept: false });
    renderPage(<ServicesPage hasAccess />);

    await user.click(await screen.findByRole('button', { name: 'Novo Serviço' }));
    await user.upload(screen.getByLabelText('Escolher imagem'), file);

    expect(await screen.findByText(title)).toBeDefined();
    expect(screen.queryByAltText('Pré-visualização da imagem do serviço')).toBeNull();
  });

  it('editing saves with PATCH and shows the update toast', async () => {
    const { calls } = stubApi({
      'GET /api/services': [corte],
      [`PATCH /api/services/${corte.id}`]: ({ body }) => ({ ...corte, ...(body as object) }),
    });
    const user = userEvent.setup();
    renderPage(<ServicesPage hasAccess />);

    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    const name = screen.getByLabelText('Nome do serviço');
    expect(name).toHaveProperty('value', 'Corte feminino');
    await user.click(screen.getByRole('switch', { name: 'Serviço ativo' }));
    await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));

    expect(await screen.findByText('Serviço atualizado com sucesso!')).toBeDefined();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      price: 80,
      durationMinutes: 60,
      isActive: false,
    });
  });

  it('delete asks first, then shows the server refusal for a service with appointments', async () => {
    stubApi({
      'GET /api/services': [corte],
      [`DELETE /api/services/${corte.id}`]: apiErrorResponse(
        409,
        'CONFLICT',
        'Este serviço possui agendamentos. Desative-o em vez de excluir.',
      ),
    });
    const user = userEvent.setup();
    renderPage(<ServicesPage hasAccess />);

    await user.click(await screen.findByRole('button', { name: 'Excluir Corte feminino' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Tem certeza que deseja excluir este serviço?')).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));

    expect(await screen.findByText('Erro ao excluir serviço')).toBeDefined();
    expect(
      screen.getByText('Este serviço possui agendamentos. Desative-o em vez de excluir.'),
    ).toBeDefined();
  });

  it('a load failure shows the product.md toast', async () => {
    stubApi({
      'GET /api/services': apiErrorResponse(500, 'INTERNAL', 'Ocorreu um erro inesperado.'),
    });
    renderPage(<ServicesPage hasAccess />);

    expect(await screen.findByText('Erro ao carregar serviços')).toBeDefined();
    await waitFor(() =>
      expect(screen.getAllByText('Não foi possível carregar os serviços').length).toBeGreaterThan(
        0,
      ),
    );
  });
});
