import zlib from 'node:zlib';
import { addDaysToDate, zonedToday } from '@agendaki/shared';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { format, parse } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { expectToast, MAIL_LINKS, toasts, uniqueEmail, waitForMailLink } from './account-helpers';
import { expect, test } from './fixtures';

/*
 * The professional's workspace: Serviços, Horário de Atendimento, Clientes and Agenda, on the
 * real server. One account per viewport, made through the API in beforeAll; each test reaches
 * the pages signed in with its cookies.
 */

const PASSWORD = 'senha-segura-1';
const TIME_ZONE = 'America/Sao_Paulo';
const MB = 1024 * 1024;

// The overlapping booking is refused with 409; the browser logs the refused request.
test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 409/],
});

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
let session: StorageState;

test.beforeAll(async ({ playwright, baseURL }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL });
  const email = uniqueEmail(testInfo, 'workspace');
  const signUp = await request.post('/api/auth/sign-up', {
    data: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      businessName: 'Studio Workspace',
      professionalName: 'Bia Workspace',
    },
  });
  expect(signUp.status()).toBe(201);
  const link = await waitForMailLink(email, MAIL_LINKS.verifyEmail);
  expect((await request.get(link)).ok()).toBe(true);
  const signIn = await request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } });
  expect(signIn.ok()).toBe(true);
  session = await request.storageState();
  await request.dispose();
});

test.beforeEach(async ({ context }) => {
  await context.addCookies(session.cookies);
});

/** A real PNG of `size`×`size` teal pixels: signature, IHDR, IDAT (zlib), IEND. */
function makePng(size = 8): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.alloc(size * 3, Buffer.from([15, 118, 110])),
  ]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function card(list: Locator, name: string): Locator {
  return list.getByRole('listitem').filter({ has: list.page().getByRole('heading', { name }) });
}

/** Scrolls `list` down as a finger does on the phone (CDP touch events) or a mouse wheel. */
async function scrollDown(page: Page, list: Locator, isMobile: boolean) {
  const box = (await list.boundingBox())!;
  const x = Math.round(box.x + box.width / 2);
  let y = Math.round(box.y + box.height - 20);
  if (!isMobile) {
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, 300);
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 0; step < 10; step += 1) {
    y -= 15;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function chooseOption(page: Page, field: Locator, option: string | RegExp) {
  await field.click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('workspace', () => {
  test('services: a photo, an edit, a deactivation, and the image checks', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/dashboard/services');
    await expect(page.getByRole('heading', { level: 1, name: 'Serviços' })).toBeVisible();
    await expect(page.getByText('Nenhum serviço cadastrado ainda')).toBeVisible();
    await expect(page.getByTestId('subscription-banner')).toBeVisible();

    await page.getByRole('button', { name: 'Novo Serviço' }).click();
    const form = page.getByRole('form', { name: 'Novo serviço' });
    await expect(page.getByRole('button', { name: 'Voltar' })).toBeVisible();
    const imageInput = form.getByLabel('Escolher imagem');

    // Refused when chosen, each with the product.md message; nothing is previewed.
    await imageInput.setInputFiles({
      name: 'foto.png',
      mimeType: 'image/png',
      buffer: Buffer.from('isto não é uma imagem'),
    });
    await expectToast(
      page,
      'Tipo de arquivo inválido',
      'Por favor, selecione uma imagem (JPG, PNG, WEBP ou GIF)',
    );
    await imageInput.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
    });
    await expect(toasts(page).getByText('Tipo de arquivo inválido', { exact: true })).toHaveCount(
      2,
    );
    await imageInput.setInputFiles({
      name: 'enorme.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([makePng(), Buffer.alloc(6 * MB)]),
    });
    await expectToast(page, 'Arquivo muito grande', 'O tamanho máximo permitido é 5MB');
    await expect(
      form.getByRole('img', { name: 'Pré-visualização da imagem do serviço' }),
    ).toHaveCount(0);

    await imageInput.setInputFiles({ name: 'corte.png', mimeType: 'image/png', buffer: makePng() });
    await expect(
      form.getByRole('img', { name: 'Pré-visualização da imagem do serviço' }),
    ).toBeVisible();
    await form.getByLabel('Nome do serviço').fill('Corte Workspace');
    await form.getByLabel('Descrição').fill('Lavagem, corte e finalização.');
    await form.getByLabel('Preço (R$)').fill('80');
    await form.getByLabel('Duração (minutos)').fill('45');
    await form.getByRole('button', { name: 'Criar Serviço' }).click();
    await expectToast(page, 'Serviço criado com sucesso!');

    const list = page.getByRole('list', { name: 'Serviços' });
    const service = card(list, 'Corte Workspace');
    await expect(service.getByText('Ativo', { exact: true })).toBeVisible();
    await expect(service.getByText('R$ 80,00')).toBeVisible();
    await expect(service.getByText('45 min')).toBeVisible();
    const photo = service.locator('img');
    await expect(photo).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.webp$/);
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(8);

    // The server decides by the bytes too: a text file sent as PNG, bypassing the form.
    const services = (await (await page.request.get('/api/services')).json()) as { id: string }[];
    const refused = await page.request.post(`/api/services/${services[0]!.id}/image`, {
      multipart: {
        file: { name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('apenas texto') },
      },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ message: 'Tipo de arquivo inválido' });

    // Edit: a new price; the photo stays.
    await service.getByRole('button', { name: 'Editar' }).click();
    const editForm = page.getByRole('form', { name: 'Editar serviço' });
    await expect(editForm.getByLabel('Nome do serviço')).toHaveValue('Corte Workspace');
    await editForm.getByLabel('Preço (R$)').fill('85.5');
    await editForm.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expectToast(page, 'Serviço atualizado com sucesso!');
    await expect(service.getByText('R$ 85,50')).toBeVisible();
    await expect(service.locator('img')).toHaveAttribute('src', /^\/uploads\//);

    // Deactivate.
    await service.getByRole('button', { name: 'Editar' }).click();
    await page.getByRole('switch', { name: 'Serviço ativo' }).click();
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(service.getByText('Inativo', { exact: true })).toBeVisible();
  });

  test('services: prices typed the Brazilian way, key by key, are shown and stored exact', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/dashboard/services');
    const list = page.getByRole('list', { name: 'Serviços' });
    const typed = [
      { name: 'Preço Vírgula', keys: '45,50', shown: 'R$ 45,50', price: '45.50', cents: 4550 },
      {
        name: 'Preço Milhar',
        keys: 'R$ 1.234,56',
        shown: 'R$ 1.234,56',
        price: '1234.56',
        cents: 123456,
      },
      { name: 'Preço Ponto', keys: '45.5', shown: 'R$ 45,50', price: '45.50', cents: 4550 },
    ];
    for (const { name, keys, shown } of typed) {
      await page
        .getByRole('button', { name: /Novo Serviço|Criar Primeiro Serviço/ })
        .first()
        .click();
      const form = page.getByRole('form', { name: 'Novo serviço' });
      await form.getByLabel('Nome do serviço').pressSequentially(name);
      const price = form.getByLabel('Preço (R$)');
      await expect(price).toHaveAttribute('inputmode', 'decimal');
      await expect(price).toHaveAttribute('type', 'text');
      await price.click();
      await page.keyboard.type(keys);
      await expect(price).toHaveValue(keys);
      // Leaving the field shows the amount as Brazilians write it, beside the R$.
      await page.keyboard.press('Tab');
      await expect(price).toHaveValue(shown.replace('R$ ', ''));
      await form.getByRole('button', { name: 'Criar Serviço' }).click();
      await expectToast(page, 'Serviço criado com sucesso!');
      await expect(card(list, name).getByTestId('service-price')).toHaveText(shown);
    }

    const stored = (await (await page.request.get('/api/services')).json()) as {
      name: string;
      price: string;
      priceCents: number;
    }[];
    for (const { name, price, cents } of typed) {
      expect(stored.find((service) => service.name === name)).toMatchObject({
        price,
        priceCents: cents,
      });
    }
  });

  test('availability: a week with a lunch break is saved and read back', async ({ page }) => {
    await page.goto('/dashboard/availability');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Horário de Atendimento' }),
    ).toBeVisible();
    await expect(page.getByLabel('Início - Domingo')).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'Segunda-feira' })).toBeChecked();

    for (const day of [
      'Segunda-feira',
      'Terça-feira',
      'Quarta-feira',
      'Quinta-feira',
      'Sexta-feira',
    ]) {
      await page.getByLabel(`Fim - ${day}`, { exact: true }).fill('12:00');
      await page.getByRole('button', { name: `Adicionar intervalo - ${day}` }).click();
      await page.getByLabel(`Fim - ${day} (intervalo 2)`).fill('18:00');
    }
    await page.getByRole('switch', { name: 'Sábado' }).click();
    await page.getByLabel('Fim - Sábado', { exact: true }).fill('13:00');
    await page.getByRole('button', { name: 'Salvar Horários' }).click();
    await expectToast(page, 'Horários salvos com sucesso!');

    await page.reload();
    await expect(page.getByLabel('Fim - Segunda-feira', { exact: true })).toHaveValue('12:00');
    await expect(page.getByLabel('Início - Segunda-feira (intervalo 2)')).toHaveValue('13:00');
    await expect(page.getByLabel('Fim - Sexta-feira (intervalo 2)')).toHaveValue('18:00');
    await expect(page.getByRole('switch', { name: 'Sábado' })).toBeChecked();
    await expect(page.getByLabel('Fim - Sábado', { exact: true })).toHaveValue('13:00');
    await expect(page.getByRole('switch', { name: 'Domingo' })).not.toBeChecked();
  });

  test('clients: added through the form and found by part of the phone', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/dashboard/clients');
    await expect(page.getByText('Nenhum cliente cadastrado ainda')).toBeVisible();

    const people = [
      { name: 'Mariana Workspace', email: 'mariana@exemplo.com', phone: '(11) 98765-4321' },
      { name: 'Paulo Workspace', email: '', phone: '(21) 3456-7890' },
      { name: 'Rita Workspace', email: 'rita@exemplo.com', phone: '' },
    ];
    for (const person of people) {
      await page
        .getByRole('button', { name: /Novo Cliente|Cadastrar Primeiro Cliente/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
      await dialog.getByLabel('Nome').fill(person.name);
      await dialog.getByLabel('E-mail').fill(person.email);
      await dialog.getByLabel('Telefone').fill(person.phone);
      await dialog.getByRole('button', { name: 'Cadastrar Cliente' }).click();
      await expect(dialog).toBeHidden();
    }
    await expectToast(page, 'Cliente criado com sucesso!');
    const list = page.getByRole('list', { name: 'Clientes' });
    await expect(list.getByRole('listitem')).toHaveCount(3);

    const search = page.getByRole('searchbox', { name: 'Buscar clientes' });
    await search.fill('98765-43');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    const mariana = card(list, 'Mariana Workspace');
    await expect(
      mariana.getByRole('link', { name: 'WhatsApp de Mariana Workspace' }),
    ).toHaveAttribute('href', 'https://wa.me/5511987654321');

    await search.fill('3456');
    await expect(card(list, 'Paulo Workspace')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);

    await search.fill('ninguém com este nome');
    await expect(page.getByText('Nenhum cliente encontrado')).toBeVisible();

    await search.fill('');
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(card(list, 'Rita Workspace').getByRole('link', { name: /WhatsApp/ })).toHaveCount(
      0,
    );
  });

  test('agenda: an overlap is refused until the first booking is cancelled; filters', async ({
    page,
    isMobile,
  }) => {
    test.setTimeout(90_000);
    // Data the agenda needs, through the API: an active service and two clients that come
    // after 100 others by name, so the form's picker can reach them only by searching.
    const api = page.request;
    const created = await api.post('/api/services', {
      data: { name: 'Escova Agenda', description: null, price: 50, durationMinutes: 60 },
    });
    expect(created.status()).toBe(201);
    for (let i = 1; i <= 100; i += 1) {
      const name = `Cliente Lote ${String(i).padStart(3, '0')}`;
      expect((await api.post('/api/clients', { data: { name } })).status()).toBe(201);
    }
    for (const name of ['Lara Agenda', 'Otto Agenda']) {
      expect(
        (await api.post('/api/clients', { data: { name, phone: '11 91234-5678' } })).status(),
      ).toBe(201);
    }
    const today = zonedToday(new Date(), TIME_ZONE);

    await page.goto('/dashboard/appointments?vista=lista');
    await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
    await expect(page.getByText('Nenhum agendamento ainda')).toBeVisible();
    await expect(page.getByRole('search', { name: 'Filtrar agendamentos' })).toHaveCount(0);

    /** Types `search` in the client picker and picks `client` (a tap on the phone). */
    async function pickClient(dialog: Locator, search: string, client: string) {
      const picker = dialog.getByRole('combobox', { name: 'Cliente' });
      await (isMobile ? picker.tap() : picker.click());
      await picker.fill(search);
      const option = page
        .getByRole('listbox', { name: 'Clientes' })
        .getByRole('option', { name: client });
      await (isMobile ? option.tap() : option.click());
      await expect(picker).toHaveValue(client);
      await expect(picker).toHaveAttribute('aria-expanded', 'false');
    }

    async function book(search: string, client: string, time: string, date?: string) {
      await page
        .getByRole('button', { name: /Novo Agendamento|Criar Primeiro Agendamento/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Novo Agendamento' });
      await pickClient(dialog, search, client);
      await chooseOption(page, dialog.getByRole('combobox', { name: 'Serviço' }), /Escova Agenda/);
      if (date) {
        await dialog.getByRole('button', { name: /^Data:/ }).click();
        const day = parse(date, 'yyyy-MM-dd', new Date());
        if (date.slice(0, 7) !== today.slice(0, 7)) {
          await page.getByRole('button', { name: 'Ir para o próximo mês' }).click();
        }
        await page.getByRole('button', { name: format(day, 'PPPP', { locale: ptBR }) }).click();
        await expect(dialog.getByRole('button', { name: /^Data:/ })).toHaveText(
          format(day, 'dd/MM/yyyy'),
        );
      }
      await dialog.getByLabel('Horário de início').fill(time);
      await expect(dialog.getByText('Término às')).toBeVisible();
      await dialog.getByRole('button', { name: 'Criar Agendamento' }).click();
      return dialog;
    }

    // Opened without typing, the picker lists the first clients by name: not Lara.
    await page.getByRole('button', { name: 'Criar Primeiro Agendamento' }).click();
    const picker = page.getByRole('combobox', { name: 'Cliente' });
    await picker.click();
    const clientList = page.getByRole('listbox', { name: 'Clientes' });
    await expect(clientList.getByRole('option')).toHaveCount(20);
    await expect(clientList.getByRole('option', { name: 'Cliente Lote 001' })).toBeVisible();
    const clientPopup = page.locator('[data-slot="combobox-content"]');
    await expect(clientPopup.getByText(/^Mostrando 20 de \d+ clientes/)).toBeVisible();
    await expect(clientList.getByRole('option', { name: 'Lara Agenda' })).toHaveCount(0);
    // The list scrolls inside the modal dialog, by finger and by wheel.
    await scrollDown(page, clientList, isMobile);
    await expect.poll(() => clientList.evaluate((list) => list.scrollTop)).toBeGreaterThan(0);
    await picker.fill('ninguém com este nome');
    await expect(clientPopup.getByText('Nenhum cliente encontrado')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(picker).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Cancelar' }).click();

    // Found by the server's search: case and accents do not matter.
    const first = await book('LÁRA', 'Lara Agenda', '10:00');
    await expectToast(page, 'Agendamento criado com sucesso!');
    await expect(first).toBeHidden();
    const list = page.getByRole('list', { name: 'Agendamentos' });
    const lara = card(list, 'Lara Agenda');
    await expect(lara.getByText('10:00 - 11:00')).toBeVisible();
    await expect(lara.getByText('R$ 50,00')).toBeVisible();
    await expect(lara.getByText('Agendado')).toBeVisible();
    await expect(page.getByRole('search', { name: 'Filtrar agendamentos' })).toBeVisible();

    // 10:30 overlaps 10:00-11:00: refused, the dialog stays open.
    const overlap = await book('otto', 'Otto Agenda', '10:30');
    await expectToast(
      page,
      'Erro ao salvar agendamento',
      'Conflito de horário com outro agendamento',
    );
    await expect(overlap).toBeVisible();
    await overlap.getByRole('button', { name: 'Cancelar' }).click();

    // Cancelling the first frees its time.
    await lara.getByRole('button', { name: 'Editar agendamento de Lara Agenda' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Agendamento' });
    // Her name shows although she is on no first page of clients.
    await expect(edit.getByRole('combobox', { name: 'Cliente' })).toHaveValue('Lara Agenda');
    await chooseOption(page, edit.getByRole('combobox', { name: 'Status' }), 'Cancelado');
    await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expectToast(page, 'Agendamento atualizado com sucesso!');
    await expect(lara.getByText('Cancelado')).toBeVisible();

    await book('Otto', 'Otto Agenda', '10:30');
    await expect(card(list, 'Otto Agenda').getByText('10:30 - 11:30')).toBeVisible();

    // One more, next month, for the period filter.
    const nextMonth = `${addDaysToDate(`${today.slice(0, 7)}-01`, 32).slice(0, 7)}-15`;
    await book('lara agenda', 'Lara Agenda', '14:00', nextMonth);
    await expect(list.getByRole('listitem')).toHaveCount(3);

    const filters = page.getByRole('search', { name: 'Filtrar agendamentos' });
    await chooseOption(
      page,
      filters.getByRole('combobox', { name: 'Filtrar por período' }),
      'Hoje',
    );
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await chooseOption(
      page,
      filters.getByRole('combobox', { name: 'Filtrar por status' }),
      'Cancelado',
    );
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(card(list, 'Lara Agenda')).toBeVisible();

    await chooseOption(
      page,
      filters.getByRole('combobox', { name: 'Filtrar por status' }),
      'Todos os status',
    );
    await chooseOption(
      page,
      filters.getByRole('combobox', { name: 'Filtrar por período' }),
      'Todo o período',
    );
    await filters.getByRole('searchbox').fill('Otto');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await filters.getByRole('searchbox').fill('ninguém');
    await expect(page.getByText('Nenhum agendamento encontrado')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(3);
  });
});
