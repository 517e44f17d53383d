import { chromium } from '@playwright/test';
const base = process.argv[2];
const res = await fetch(`${base}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'overlord', password: 'olympus-demo', loginType: 'staff' }) });
const user = await res.json();
const token = user.accessToken.token;
// some content: a school rename, a warning, a failed learner sign-in
const schools = await (await fetch(`${base}/school/v-rest/?pageSize=1&sort=name`, { headers: { authorization: `Bearer ${token}` } })).json();
const s = schools.items[0];
await fetch(`${base}/school/v-rest/${s.id}`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: s.name + ' X' }) });
await fetch(`${base}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'learner2', password: 'bad', olympiadName: 'geo-demo', loginType: 'learner' }) });
await fetch(`${base}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'learner2', password: 'olympus-demo', olympiadName: 'geo-demo', loginType: 'learner' }) });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const width of [1280, 360]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  await ctx.addInitScript((u) => localStorage.setItem('user', u), JSON.stringify(user));
  const page = await ctx.newPage();
  for (const [name, path, act] of [
    ['search', '/overlord/search?q=learner', null],
    ['activity', '/overlord/activity-logs', async (p) => { await p.getByRole('button', { name: /Before and after/ }).first().click(); await p.waitForTimeout(500); }],
    ['applog', '/overlord/app-log-viewer', null],
    ['login', '/overlord/learner-login-activity', null],
  ]) {
    await page.goto(base + path);
    await page.waitForTimeout(1500);
    if (act) await act(page);
    await page.screenshot({ path: `/tmp/u15b-shots/${name}-${width}.png`, fullPage: width === 360 ? false : true });
  }
  await ctx.close();
}
await browser.close();
