import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProjectList, SessionUser } from '#contract/index';
import { ok, refused, stubApi } from '../../../test/api.js';
import { geo2026 } from '../../../test/olympiad.js';
import { renderWithApp } from '../../../test/render.js';
import { LoginForm } from './LoginForm.js';

/**
 * The sign-in form: the first thing every teacher, admin and learner meets, and the one a learner on exam morning
 * must get through. The sign-in itself is the real API client against a stubbed POST /api/auth/signin.
 */

const SIGNIN = 'POST /api/auth/signin';

const teacher: SessionUser = {
  success: true,
  id: 12,
  username: 'mokoena',
  name: 'Lerato Mokoena',
  email: 'lerato@example.org',
  role: 'teacher',
  olympiadId: null,
  olympiadName: null,
  schoolId: 17,
  grants: [],
  home: '/portal',
  impersonator: null,
  accessToken: { token: 'token-12', expiresAt: '2026-03-10T18:00:00.000Z' },
};

const projects = ok(ProjectList, {
  success: true,
  items: [
    {
      id: 1,
      projectName: 'geo',
      title: 'Geography',
      seoTitle: '',
      shareTitle: '',
      description: '',
      keywords: '',
      olympiads: [geo2026],
    },
  ],
});

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;
const errorOf = (input: HTMLInputElement) =>
  document.getElementById(
    input
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error')) ?? '',
  )?.textContent;

describe('LoginForm', () => {
  it('asks for what is missing on its field, and sends nothing', async () => {
    const sent = stubApi({});
    const { user } = renderWithApp(<LoginForm />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(field(/^Username/).getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(field(/^Username/))).toBe('Enter your username');
    expect(errorOf(field(/^Password/))).toBe('Enter your password');
    await waitFor(() => expect(document.activeElement).toBe(field(/^Username/)));
    expect(sent).toEqual([]);
  });

  it('signs a teacher in: the username trimmed, the session stored, and on to their home', async () => {
    const sent = stubApi({ [SIGNIN]: ok(SessionUser, teacher) });
    const { user, location } = renderWithApp(<LoginForm />, { path: '/login' });
    await user.type(field(/^Username/), '  mokoena ');
    await user.type(field(/^Password/), 'correct horse');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/portal'));
    expect(sent[0]!.body).toEqual({
      username: 'mokoena',
      password: 'correct horse',
      olympiadName: null,
      loginType: 'staff',
    });
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ id: 12, accessToken: { token: 'token-12' } });
  });

  it('goes on to the page the person was sent away from (?next=), never to another site', async () => {
    stubApi({ [SIGNIN]: ok(SessionUser, teacher) });
    const first = renderWithApp(<LoginForm />, { path: '/login?next=%2Fportal%2Fschool%3Ftab%3Dlearners' });
    await first.user.type(field(/^Username/), 'mokoena');
    await first.user.type(field(/^Password/), 'pw');
    await first.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(first.location()).toBe('/portal/school?tab=learners'));
    first.unmount();

    const second = renderWithApp(<LoginForm />, { path: '/login?next=%2F%2Fevil.example%2Fphish' });
    await second.user.type(field(/^Username/), 'mokoena');
    await second.user.type(field(/^Password/), 'pw');
    await second.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(second.location()).toBe('/portal'));
  });

  it('a wrong password: said on the password field, which is emptied and gets the keyboard', async () => {
    stubApi({ [SIGNIN]: refused(401, 'wrong_password', 'Wrong password') });
    const { user } = renderWithApp(<LoginForm />, { path: '/login' });
    await user.type(field(/^Username/), 'mokoena');
    await user.type(field(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(errorOf(field(/^Password/))).toBe('This password is not right. Try again, or choose “Forgot password?”.'),
    );
    expect(field(/^Password/).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(field(/^Password/)));
    // On the field, not again above the form.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('an unknown username: said on the username field, the password kept', async () => {
    stubApi({ [SIGNIN]: refused(401, 'unknown_username', 'Unknown username') });
    const { user } = renderWithApp(<LoginForm />, { path: '/login' });
    await user.type(field(/^Username/), 'mokoena');
    await user.type(field(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(errorOf(field(/^Username/))).toBe(
        'We do not know this username. Check the spelling; learners also check the olympiad.',
      ),
    );
    expect(field(/^Password/).value).toBe('secret');
  });

  it('too many attempts, or a disabled account: an alert above the form that says what to do', async () => {
    let answer = refused(429, 'rate_limited', 'Too many requests');
    stubApi({ [SIGNIN]: () => answer });
    const { user } = renderWithApp(<LoginForm />, { path: '/login' });
    await user.type(field(/^Username/), 'mokoena');
    await user.type(field(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many sign-in attempts' +
        'For your safety, signing in is paused for a short while. Wait a minute, then try again.',
    );
    answer = refused(403, 'account_disabled', 'Your account was disabled by the organisers.');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This account is disabled' + 'Your account was disabled by the organisers.',
      ),
    );
  });

  it('a learner names the olympiad they write: asked for when missing, and sent with the sign-in', async () => {
    const sent = stubApi({
      'GET /olympus-suite/api/projects/': projects,
      [SIGNIN]: refused(401, 'wrong_password', 'Wrong password'),
    });
    const { user } = renderWithApp(<LoginForm />, { path: '/login' });
    expect(screen.queryByLabelText(/^Olympiad/, { selector: 'input' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'I am a learner' }));
    await user.type(field(/^Username/), 'thabo.n');
    await user.type(field(/^Password/), 'slip-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(errorOf(field(/^Olympiad/))).toBe('Enter the olympiad you are writing');
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(field(/^Olympiad/), ' geo-2026 ');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(sent.find((r) => r.method === 'POST')!.body).toEqual({
      username: 'thabo.n',
      password: 'slip-pass',
      olympiadName: 'geo-2026',
      loginType: 'learner',
    });
  });

  it("on an olympiad's own sign-in page the learner switch starts on and the olympiad is not asked", async () => {
    const sent = stubApi({ [SIGNIN]: refused(401, 'wrong_password', 'Wrong password') });
    const { user } = renderWithApp(<LoginForm olympiadName="geo-2026" />, { path: '/geo-2026/login' });
    expect((screen.getByRole('switch', { name: 'I am a learner' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText(/^Olympiad/, { selector: 'input' })).toBeNull();
    await user.type(field(/^Username/), 'thabo.n');
    await user.type(field(/^Password/), 'slip-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ olympiadName: 'geo-2026', loginType: 'learner' });
  });
});
