import { expect, type Page } from '@playwright/test';
import { auth, tokenOf } from './session.js';

/** The verify link mailed to `to`, read from the outbox through the overlord's email log API (its path). */
export async function mailedLink(page: Page, to: string): Promise<string> {
  const api = page.context().request;
  const headers = auth(await tokenOf(api, 'overlord'));
  let id: number | undefined;
  await expect(async () => {
    const list = (await (await api.get(`/queued-email/search/${encodeURIComponent(to)}`, { headers })).json()) as {
      items: Array<{ id: number }>;
    };
    id = list.items[0]?.id;
    expect(id).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  const mail = (await (await api.get(`/queued-email/${id}`, { headers })).json()) as { email: { text: string } };
  const link = /https?:\/\/\S+\/verify-email\/[\w-]+/.exec(mail.email.text)?.[0];
  expect(link, mail.email.text).toBeTruthy();
  return new URL(link!).pathname;
}
